import EssentialFeed
import Foundation

/// Texts drawn to break stores: characters special to some file format, other Unicode normalisations of the same
/// text, lengths past 255 bytes and 64 KiB, and words that mean something to a parser. Every draw comes from the
/// generator, so a seed gives the same texts.
enum AdversarialText {
  /// Characters that end a line, a field or a string in some format: tab, CR, LF, VT, FF, NEL, the Unicode line and
  /// paragraph separators, NUL, and the quoting and separating characters of JSON, CSV, SQL and property lists.
  static let special: [String] = [
    "\t", "\r", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\0", "\"", "\\", "'", ",", ";",
    "|", "=", ":", "{", "}", "[", "]", "<", ">", "&", "%", "#", " ", "\u{1B}", "\u{7F}",
  ]

  /// Texts another Unicode normalisation would change: decomposed accents (NFD), canonical singletons such as the
  /// Ohm and Ångström signs (which NFC changes), and compatibility characters such as "ﬁ" and "①" (which NFKC
  /// changes). Swift's `==` finds the canonical ones equal to their normal forms; a store must keep the scalars.
  static let unnormalised: [String] = [
    "e\u{301}", "\u{E9}", "A\u{30A}", "\u{212B}", "\u{2126}", "\u{FB01}", "\u{2460}", "\u{1100}\u{1161}", "\u{AC00}",
    "\u{FF76}", "q\u{307}\u{323}", "\u{1E0B}\u{323}",
  ]

  /// Scalars at the edges of encodings: a byte-order mark, the last scalars of the BMP and of Unicode, a joined emoji
  /// and a flag, right-to-left text and marks.
  static let edges: [String] = [
    "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "\u{10FFFF}", "👩‍👩‍👧‍👦", "🇨🇭", "שלום", "\u{200F}", "\u{200B}", "日本語", "Ünïcödé",
  ]

  /// Words a parser or a lazy store might read as something else.
  static let lookalikes: [String] = [
    "null", "nil", "(null)", "NULL", "true", "0", "-1", "{\"a\":1}", "'); DROP TABLE feed;--", "%s%n", "\\u0000", "\\n",
  ]

  /// A short text of one to four fragments of every kind, joined, with an ASCII word between.
  static func short(using rng: inout SplitMix64) -> String {
    let kinds = [special, unnormalised, edges, lookalikes]
    return (0..<Int.random(in: 1...4, using: &rng)).map { index in
      let kind = kinds[Int.random(in: 0..<kinds.count, using: &rng)]
      return kind[Int.random(in: 0..<kind.count, using: &rng)] + (index.isMultiple(of: 2) ? "word\(index)" : "")
    }.joined()
  }

  /// A text of at least `bytes` bytes of UTF-8, ASCII mixed with multi-byte scalars, special characters and a
  /// decomposed accent, so its length in bytes, in scalars and in characters all differ.
  static func long(bytes: Int, using rng: inout SplitMix64) -> String {
    var text = ""
    var length = 0
    while length < bytes {
      let piece = index(below: longPieces.count, using: &rng)
      text += longPieces[piece]
      length += longPieceBytes[piece]
    }
    return text
  }

  /// The pieces of ``long(bytes:using:)``, and their lengths in UTF-8.
  private static let longPieces = ["abcdefgh", "é", "e\u{301}", "日本", "\t", "\n", "🌍", "\0", "ﬁ", "\u{2028}"]
  private static let longPieceBytes = longPieces.map(\.utf8.count)

  /// `Int.random(in: 0..<count, using: &rng)`: the same value from the same draws (the standard library's method,
  /// Lemire's), so a seed gives the same histories, without the generic code a debug build runs unspecialized: it was
  /// most of the CPU of `long`'s 20,000 draws a text, and of SS-59.
  private static func index(below count: Int, using rng: inout SplitMix64) -> Int {
    let bound = UInt(count)
    var product = UInt(truncatingIfNeeded: rng.next()).multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold { product = UInt(truncatingIfNeeded: rng.next()).multipliedFullWidth(by: bound) }
    }
    return Int(product.high)
  }

  /// A text for a description or a location: nil, empty, plain, adversarial, or rarely longer than 64 KiB.
  static func optional(using rng: inout SplitMix64, allowLong: Bool) -> String? {
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<15: nil
    case 15..<22: ""
    case 22..<40: "plain text \(rng.next() % 1_000)"
    case 40..<97: short(using: &rng)
    default: allowLong ? long(bytes: 65_536 + Int.random(in: 1...64, using: &rng), using: &rng) : short(using: &rng)
    }
  }

  /// A keyword: plain, adversarial, or longer than 255 bytes.
  static func keyword(using rng: inout SplitMix64) -> String {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0..<3: "kyoto \(rng.next() % 100)"
    case 3..<8: short(using: &rng)
    default: long(bytes: 256 + Int.random(in: 0...300, using: &rng), using: &rng)
    }
  }
}
