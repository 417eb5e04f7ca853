/// A key the customer pressed, decoded from the bytes a terminal sends.
public enum Key: Hashable, Sendable {
  /// An arrow key.
  case up, down, left, right
  /// Page Up, Page Down, Home, End.
  case pageUp, pageDown, home, end
  /// Return (or Enter), Escape, Backspace (or Delete), Tab.
  case enter, escape, backspace, tab
  /// Control-C: with the terminal in raw mode it arrives as a byte, not as `SIGINT`.
  case interrupt
  /// A printable character.
  case character(Character)
  /// Not a key: the terminal's answer to the device attributes query (`ESC [ ? … c`). A terminal answers in order,
  /// so it has taken in everything written before the query.
  case answer
}

/// Decodes the bytes a terminal sends into keys: ANSI and VT100 escape sequences (`ESC [ A`, `ESC O H`,
/// `ESC [ 5 ~`…), control bytes, and UTF-8 characters. A sequence split across reads is kept until its end arrives;
/// sequences it does not know and stray bytes are skipped, never shown.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// Creates a decoder with nothing pending.
  public init() {}

  /// The keys `bytes` complete. An escape byte that ends a read is the Escape key (terminals send a sequence in
  /// one write); any other unfinished sequence waits for the next read.
  ///
  /// - Parameter bytes: The bytes of one read.
  /// - Returns: The keys, in order.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = Self.key(at: index, in: pending) else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    if pending == [0x1B] {
      pending = []
      keys.append(.escape)
    }
    if pending.count > 32 { pending = [] }  // no sequence is this long: garbage
    return keys
  }

  /// The key at `index` and how many bytes it takes (`nil` key: bytes to skip); `nil` when it is not complete.
  private static func key(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
    let byte = bytes[index]
    switch byte {
    case 0x1B: return escapeSequence(at: index, in: bytes)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x09: return (.tab, 1)
    case 0x03: return (.interrupt, 1)
    case 0..<0x20: return (nil, 1)
    case 0x20..<0x80: return (.character(Character(Unicode.Scalar(byte))), 1)
    default: return utf8Character(at: index, in: bytes)
    }
  }

  private static func escapeSequence(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
    guard index + 1 < bytes.count else { return nil }
    let introducer = bytes[index + 1]
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return (.escape, 1) }
    var end = index + 2
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return nil }
    let body = String(decoding: bytes[(index + 1)...end], as: UTF8.self)
    let answer = body.hasPrefix("[?") && body.hasSuffix("c")
    return (answer ? .answer : named[body], end - index + 1)
  }

  private static let named: [String: Key] = [
    "[A": .up, "[B": .down, "[C": .right, "[D": .left, "OA": .up, "OB": .down, "OC": .right, "OD": .left,
    "[H": .home, "OH": .home, "[1~": .home, "[7~": .home, "[F": .end, "OF": .end, "[4~": .end, "[8~": .end,
    "[5~": .pageUp, "[6~": .pageDown, "OM": .enter,
  ]

  private static func utf8Character(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
    let length =
      switch bytes[index] {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 1  // a continuation byte out of place, or a byte UTF-8 never uses
      }
    let following = bytes[(index + 1)..<min(bytes.count, index + length)]
    guard length > 1, following.allSatisfy({ (0x80...0xBF).contains($0) }) else { return (nil, 1) }
    guard index + length <= bytes.count else { return nil }
    let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
    guard let character = text.first, text.count == 1, character != "\u{FFFD}" else { return (nil, 1) }
    return (.character(character), length)
  }
}
