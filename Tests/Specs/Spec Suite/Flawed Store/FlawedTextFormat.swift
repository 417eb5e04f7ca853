import EssentialFeed
import EssentialFeedCache
import Foundation

/// The flawed store's files: lines of tab-separated fields, texts escaped (`\\`, `\t`, `\n`, `\r`), nil as `-`,
/// timestamps as the bits of their seconds since 2001, each file ending in a line with its count of records. A line
/// that does not parse, or a count that does not match, is an error, but for the flaw that makes it something else.
struct FlawedTextFormat {
  let flaw: Flaw

  struct Damaged: Error, CustomStringConvertible {
    let description: String
  }

  // MARK: Fields

  func text(_ text: String?) -> String {
    guard var text else { return "-" }
    if flaw == .textsNormalizedToNFC { text = text.precomposedStringWithCanonicalMapping }
    if flaw == .textsCutAtNUL, let nul = text.firstIndex(of: "\0") { text = String(text[..<nul]) }
    if flaw == .textsCutAt65535Bytes, text.utf8.count > 65_535 {
      text = String(decoding: text.utf8.prefix(65_535), as: UTF8.self)
    }
    guard flaw != .textsUnescaped, Self.hasAny(of: [0x5C, 0x09, 0x0A, 0x0D], in: text) else { return "+" + text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "+" + escaped
  }

  func text(from field: String) throws -> String? {
    guard let mark = field.unicodeScalars.first else { throw Damaged(description: "an empty field") }
    if mark == "-", field.unicodeScalars.count == 1 { return nil }
    guard mark == "+" else { throw Damaged(description: "a text without its mark") }
    // Without a backslash nothing is escaped: the text after the mark, as the loop below would copy it.
    if !Self.hasAny(of: [0x5C], in: field) { return String(field.unicodeScalars.dropFirst()) }
    var text = String.UnicodeScalarView()
    var escaping = false
    for scalar in field.unicodeScalars.dropFirst() {
      if escaping {
        switch scalar {
        case "t": text.append("\t")
        case "n": text.append("\n")
        case "r": text.append("\r")
        case "\\": text.append("\\")
        default: throw Damaged(description: "an unknown escape")
        }
        escaping = false
      } else if scalar == "\\", flaw != .textsUnescaped {
        escaping = true
      } else {
        text.append(scalar)
      }
    }
    return String(text)
  }

  func date(_ date: Date) -> String {
    if flaw == .timestampsThrough1970 { return "s" + String(date.timeIntervalSince1970) }
    return String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16)
  }

  func date(from field: String) throws -> Date {
    let text = String(field)
    if text.hasPrefix("s"), let seconds = Double(text.dropFirst()) { return Date(timeIntervalSince1970: seconds) }
    guard let bits = UInt64(text, radix: 16) else { throw Damaged(description: "a timestamp that is not one") }
    return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
  }

  func image(_ image: LocalFeedImage) -> String {
    [image.id.uuidString, text(image.description), text(image.location), text(image.url.absoluteString)]
      .joined(separator: "\t")
  }

  func image(from fields: [String]) throws -> LocalFeedImage {
    guard fields.count == 4, let id = UUID(uuidString: String(fields[0])),
      let address = try text(from: fields[3]), let url = URL(string: address)
    else { throw Damaged(description: "an image line that does not parse") }
    return LocalFeedImage(id: id, description: try text(from: fields[1]), location: try text(from: fields[2]), url: url)
  }

  // MARK: Files

  /// The lines of a file: each record, then the count.
  func file(_ lines: [String]) -> Data {
    Data((lines + ["#\(lines.count)"]).map { $0 + "\n" }.joined().utf8)
  }

  /// The records of a file, each as its fields; an error for a file that does not parse, unless the flaw skips what
  /// does not.
  func records(_ data: Data) throws -> [[String]] {
    let lines: [[String]]
    if flaw == .linesSplitAtEveryNewline {
      var split = String(decoding: data, as: UTF8.self).components(separatedBy: .newlines)
      if split.last == "" { split.removeLast() }
      lines = split.map { $0.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    } else {
      // Bytes, not characters: a tab or a newline is one byte in UTF-8 and never part of another scalar.
      lines = Self.fields(of: data)
    }
    var records = lines
    guard let count = records.popLast(), count.count == 1, count[0].hasPrefix("#"),
      Int(count[0].dropFirst()) == records.count
    else {
      guard flaw == .damagedLinesSkipped else { throw Damaged(description: "a file whose count does not match") }
      return lines.filter { !($0.first?.hasPrefix("#") ?? false) }
    }
    return records
  }

  /// Whether `text`'s UTF-8 holds any of `bytes` (ASCII, so never part of another scalar): the common case of the
  /// escaping either way, nothing to escape, found by `memchr`, not by a debug build's generic `contains`.
  private static func hasAny(of bytes: [UInt8], in text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      guard let base = utf8.baseAddress else { return false }
      return bytes.contains { memchr(base, Int32($0), utf8.count) != nil }
    }
  }

  /// The lines of `data` split at each newline byte, each split at each tab byte, empty pieces kept (a last empty line
  /// dropped): `Data.split` twice, through `memchr`. The generic split took a debug build seconds of CPU per spec on
  /// files of 65,540 lines, which SS-53 and the flaw specs read many times.
  private static func fields(of data: Data) -> [[String]] {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [[String]] in
      guard let base = bytes.baseAddress else { return [] }
      /// The offset of the next `byte` at or after `start` and before `end`, or `end`.
      func next(_ byte: UInt8, from start: Int, to end: Int) -> Int {
        guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return end }
        return base.distance(to: UnsafeRawPointer(found))
      }
      var lines: [[String]] = []
      var start = 0
      while start <= bytes.count {
        let end = next(0x0A, from: start, to: bytes.count)
        if end == bytes.count, start == end { break }  // the empty piece after the last newline
        var fields: [String] = []
        var fieldStart = start
        while true {
          let fieldEnd = next(0x09, from: fieldStart, to: end)
          fields.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[fieldStart..<fieldEnd]), as: UTF8.self))
          guard fieldEnd < end else { break }
          fieldStart = fieldEnd + 1
        }
        lines.append(fields)
        start = end + 1
      }
      return lines
    }
  }
}
