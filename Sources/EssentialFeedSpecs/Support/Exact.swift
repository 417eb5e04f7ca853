import EssentialFeed
import EssentialFeedCache
import Foundation

/// Equality as a store must keep values: texts by their Unicode scalars, not Swift's canonical equivalence (a store
/// that gives back "é" as "e" + U+0301 keeps another string), dates by the bits of their seconds, URLs by their
/// absolute strings.
enum Exact {
  static func same(_ got: String?, _ expected: String?) -> Bool {
    switch (got, expected) {
    case (nil, nil): true
    case (var got?, var expected?):
      // The same scalars are the same UTF-8 bytes: compared with memcmp, where a debug build ran the scalars' generic
      // elementsEqual, a tenth of a spec run's CPU over 65,540 images.
      got.withUTF8 { got in
        expected.withUTF8 { expected in
          guard got.count == expected.count, let a = got.baseAddress, let b = expected.baseAddress else {
            return got.count == expected.count
          }
          return memcmp(a, b, got.count) == 0
        }
      }
    default: false
    }
  }

  static func same(_ got: Date, _ expected: Date) -> Bool {
    got.timeIntervalSinceReferenceDate.bitPattern == expected.timeIntervalSinceReferenceDate.bitPattern
  }

  static func same(_ got: URL, _ expected: URL) -> Bool {
    same(got.absoluteString, expected.absoluteString)
  }

  static func same(_ got: LocalFeedImage, _ expected: LocalFeedImage) -> Bool {
    got.id == expected.id && same(got.description, expected.description) && same(got.location, expected.location)
      && same(got.url, expected.url)
  }

  static func same(_ got: [LocalFeedImage], _ expected: [LocalFeedImage]) -> Bool {
    got.count == expected.count && zip(got, expected).allSatisfy { same($0, $1) }
  }

  static func same(_ got: CachedFeed?, _ expected: CachedFeed?) -> Bool {
    switch (got, expected) {
    case (nil, nil): true
    case (let got?, let expected?): same(got.timestamp, expected.timestamp) && same(got.feed, expected.feed)
    default: false
    }
  }

  static func same(_ got: CachedSearch?, _ expected: CachedSearch?) -> Bool {
    switch (got, expected) {
    case (nil, nil): true
    case (let got?, let expected?):
      same(got.keyword, expected.keyword) && same(got.timestamp, expected.timestamp)
        && same(got.results, expected.results)
    default: false
    }
  }

  static func same(_ got: PendingLikeAction, _ expected: PendingLikeAction) -> Bool {
    got.id == expected.id && got.imageID == expected.imageID && got.kind == expected.kind
      && same(got.timestamp, expected.timestamp)
  }

  static func same(_ got: [PendingLikeAction], _ expected: [PendingLikeAction]) -> Bool {
    got.count == expected.count && zip(got, expected).allSatisfy { same($0, $1) }
  }

  /// The text's Unicode scalars as code points, for a failure where two texts look alike: `U+0065 U+0301`.
  static func scalars(_ text: String, from offset: Int = 0, limit: Int = 8) -> String {
    let rest = text.unicodeScalars.dropFirst(offset)
    let shown = rest.prefix(limit).map { "U+" + String(String($0.value, radix: 16, uppercase: true).leftPadded(to: 4)) }
    return (offset > 0 ? "… " : "") + shown.joined(separator: " ") + (rest.count > limit ? " …" : "")
  }
}

extension String {
  /// The string with `0`s in front up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
