import EssentialFeedCache
import Foundation

/// What a store gave against what a spec expected, said in one line that names the first difference (index, field,
/// both values), so a store author never compares two long descriptions by eye.
enum Difference {
  /// How the retrieved cache `got` differs from `expected`, or `nil` when they are equal.
  static func between(got: CachedFeed?, expected: CachedFeed?) -> String? {
    switch (got, expected) {
    case (nil, nil): return nil
    case (nil, let expected?): return "got an empty cache, expected \(summary(of: expected))"
    case (let got?, nil): return "got \(summary(of: got)), expected an empty cache"
    case (let got?, let expected?):
      let found = [
        firstImageDifference(got.feed, expected.feed),
        got.feed.count == expected.feed.count
          ? nil : "count differs: got \(images(got.feed.count)), expected \(expected.feed.count)",
        timestampDifference(got.timestamp, expected.timestamp),
      ].compactMap { $0 }
      return found.isEmpty ? nil : found.joined(separator: "; ")
    }
  }

  /// How the retrieved data `got` differs from `expected`, or `nil` when they are equal.
  static func between(got: Data?, expected: Data?) -> String? {
    switch (got, expected) {
    case (nil, nil): return nil
    case (nil, let expected?): return "got no data, expected \(summary(of: expected))"
    case (let got?, nil): return "got \(summary(of: got)), expected no data"
    case (let got?, let expected?):
      guard got != expected else { return nil }
      let firstByte = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }.map {
        "byte \($0.offset) differs: got \(hex($0.element.0)), expected \(hex($0.element.1))"
      }
      let count =
        got.count == expected.count ? nil : "count differs: got \(got.count) bytes, expected \(expected.count)"
      return [firstByte, count].compactMap { $0 }.joined(separator: "; ")
        + " (got \(summary(of: got)), expected \(summary(of: expected)))"
    }
  }

  /// A cache in a few words: `an empty cache`, or its image count and timestamp.
  static func summary(of cache: CachedFeed?) -> String {
    guard let cache else { return "an empty cache" }
    return "\(images(cache.feed.count)) at \(cache.timestamp.timeIntervalSinceReferenceDate)"
  }

  /// Data in a few words: its length, and its text when it is short UTF-8.
  static func summary(of data: Data) -> String {
    guard data.count <= 40, let text = String(data: data, encoding: .utf8) else { return "\(data.count) bytes" }
    return "\(data.count) bytes \(shownQuoted(text))"
  }

  private static func images(_ count: Int) -> String {
    count == 1 ? "1 image" : "\(count) images"
  }

  private static func firstImageDifference(_ got: [LocalFeedImage], _ expected: [LocalFeedImage]) -> String? {
    guard let index = (0..<min(got.count, expected.count)).first(where: { !Exact.same(got[$0], expected[$0]) }) else {
      return nil
    }
    let (got, expected) = (got[index], expected[index])
    let fields: [(name: String, got: String?, expected: String?, quoted: Bool)] = [
      ("id", got.id.uuidString, expected.id.uuidString, false),
      ("description", got.description, expected.description, true),
      ("location", got.location, expected.location, true),
      ("url", got.url.absoluteString, expected.url.absoluteString, false),
    ]
    guard let field = fields.first(where: { !Exact.same($0.got, $0.expected) }) else {
      return "image \(index) differs: got \(got), expected \(expected)"
    }
    let (gotText, expectedText) = shown(field.got, field.expected, quoted: field.quoted)
    return "image \(index): \(field.name) differs: got \(gotText), expected \(expectedText)"
  }

  private static func timestampDifference(_ got: Date, _ expected: Date) -> String? {
    guard !Exact.same(got, expected) else { return nil }
    let (got, expected) = (got.timeIntervalSinceReferenceDate, expected.timeIntervalSinceReferenceDate)
    return "timestamp differs: got \(got), expected \(expected) "
      + "(bits \(hex(got.bitPattern)), \(hex(expected.bitPattern)); seconds since 2001-01-01)"
  }

  /// Both texts whole when short; when long, from a little before their first difference, with their lengths; as
  /// Unicode scalars when they read the same (another normalisation: "é" as "e" and U+0301).
  static func shown(_ got: String?, _ expected: String?, quoted: Bool) -> (String, String) {
    if let got, let expected, got == expected || shownQuoted(got) == shownQuoted(expected) {
      let offset = zip(got.unicodeScalars, expected.unicodeScalars).prefix { $0 == $1 }.count
      let from = offset == 0 ? "" : "from scalar \(offset): "
      return (
        "the same text in other Unicode scalars (\(from)\(Exact.scalars(got, from: offset)))",
        "the scalars given (\(Exact.scalars(expected, from: offset)))"
      )
    }
    let common = zip(got ?? "", expected ?? "").prefix { $0 == $1 }.count
    func show(_ text: String?) -> String {
      guard let text else { return "nil" }
      guard text.count > 80 else { return quoted ? shownQuoted(text) : text }
      let start = max(0, min(common, text.count) - 20)
      let part = String(text.dropFirst(start).prefix(60))
      return (start > 0 ? "…" : "") + (quoted ? shownQuoted(part) : part)
        + (text.count > start + 60 ? "…" : "") + " (\(text.count) characters)"
    }
    return (show(got), show(expected))
  }

  private static func hex(_ byte: UInt8) -> String {
    "0x" + String(byte, radix: 16, uppercase: true)
  }

  private static func hex(_ bits: UInt64) -> String {
    "0x" + String(bits, radix: 16, uppercase: true)
  }
}
