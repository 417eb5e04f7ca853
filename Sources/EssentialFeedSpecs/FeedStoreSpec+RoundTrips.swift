import EssentialFeedCache
import Foundation
import Testing

extension FeedStoreSpec {
  /// FS-12: each cache, inserted over the one before, retrieves exactly as inserted.
  func verifyRoundTrips(_ sut: any FeedStore, _ sourceLocation: SourceLocation) async throws {
    let feed = Fixtures.variedFeed()
    let cases = [
      ("the varied feed", CachedFeed(feed: feed, timestamp: Fixtures.preciseTimestamp())),
      (
        "the varied feed reversed, 1 µs later",
        CachedFeed(feed: feed.reversed(), timestamp: Fixtures.preciseTimestamp(offset: 0.000_001))
      ),
      ("an empty feed before 1970", CachedFeed(feed: [], timestamp: Date(timeIntervalSince1970: -1_234.5))),
      (
        "one image at 0.1 s",
        CachedFeed(feed: Array(feed.prefix(1)), timestamp: Date(timeIntervalSinceReferenceDate: 0.1))
      ),
      ("the varied feed in 2100", CachedFeed(feed: feed, timestamp: Date(timeIntervalSince1970: 4_102_444_800.999_9))),
    ]
    for (index, (name, cache)) in cases.enumerated() {
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      let context = "round trip \(index + 1) of \(cases.count) (\(name))"
      try await expect(sut, toRetrieve: cache, context, sourceLocation)
    }
  }

  /// FS-15: a replace of an empty cache, then of a full one, leaves exactly the new cache.
  func verifyReplace(_ sut: any FeedStore, _ sourceLocation: SourceLocation) async throws {
    let first = CachedFeed(feed: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
    try await sut.replaceCachedFeed(with: first.feed, timestamp: first.timestamp)
    try await expect(sut, toRetrieve: first, "retrieve after replacing an empty cache", sourceLocation)
    let second = CachedFeed(feed: Fixtures.largeFeed(count: 3), timestamp: Fixtures.preciseTimestamp(offset: 1))
    try await sut.replaceCachedFeed(with: second.feed, timestamp: second.timestamp)
    try await expect(sut, toRetrieve: second, "retrieve after replacing a full cache", sourceLocation)
  }
}
