import EssentialFeedCache
import Foundation

/// A small, fast, seedable generator (SplitMix64), so a failing randomized spec or fuzz run can say which seed
/// reproduces it.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  ///
  /// - Parameter seed: Any value; the same seed gives the same sequence on every platform.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next value of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

enum Fixtures {
  /// A URL built from a literal the fixtures control; the fallback is never taken.
  static func url(_ string: String) -> URL {
    URL(string: string) ?? URL(fileURLWithPath: "/invalid-fixture-url")
  }

  static func image(_ description: String?, _ location: String?, url: URL? = nil, id: UUID = UUID()) -> LocalFeedImage {
    LocalFeedImage(
      id: id, description: description, location: location,
      url: url ?? Self.url("https://image.example.com/\(id.uuidString)")
    )
  }

  /// A feed with every optional field both set and nil, empty strings (which are not nil), Unicode, URLs with
  /// queries and escapes, in an order that a store must keep.
  static func variedFeed() -> [LocalFeedImage] {
    [
      image("a description", "a location"),
      image(nil, "only a location"),
      image("only a description", nil),
      image(nil, nil),
      image("", ""),
      image("Ünïcödé 🌍 — 日本語 \"quoted\" \\ backslash\nnew line", "Zürich, Schweiz 🇨🇭"),
      image("query", "url", url: url("https://image.example.com/a%20b/photo.jpg?size=large&v=2#frag")),
      image(String(repeating: "long ", count: 400), nil),
    ]
  }

  /// A timestamp with sub-second precision that a store rounding to seconds or milliseconds would change.
  static func preciseTimestamp(offset: TimeInterval = 0) -> Date {
    Date(timeIntervalSinceReferenceDate: 721_234_567.123_456_7 + offset)
  }

  /// A feed of `count` images, descriptions and locations mixed with nil.
  static func largeFeed(count: Int) -> [LocalFeedImage] {
    (0..<count).map { index in
      image(
        index % 3 == 0 ? nil : "Description \(index)",
        index % 5 == 0 ? nil : "Location \(index)"
      )
    }
  }

  /// A payload no other insert in the run shares: its feed and timestamp identify it. Feeds have 1 to 300 images, so
  /// writing one takes long enough for a torn write to be seen. Everything in it comes from `rng`, ids too, so a seed
  /// gives the same payloads on every run.
  static func uniqueCache(_ serial: Int, using rng: inout SplitMix64) -> CachedFeed {
    let count = Int.random(in: 1...300, using: &rng)
    let feed = (0..<count).map { index in
      image("payload \(serial) image \(index)", index.isMultiple(of: 2) ? nil : "l", id: uuid(using: &rng))
    }
    return CachedFeed(feed: feed, timestamp: preciseTimestamp(offset: TimeInterval(serial)))
  }

  /// A UUID drawn from `rng`.
  static func uuid(using rng: inout SplitMix64) -> UUID {
    UUID(uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { $0.load(as: uuid_t.self) })
  }
}
