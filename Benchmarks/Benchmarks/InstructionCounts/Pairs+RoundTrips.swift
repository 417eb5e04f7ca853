import BenchmarkTwins
import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

extension Pair {
  /// The feed saved and loaded by `LocalFeedLoader` on `store`, against `raw` doing the same by hand.
  private static func roundTrip(
    _ name: String, goal: Double, store: @escaping @Sendable () -> any FeedStore,
    raw makeRaw: @escaping @Sendable () -> ([FeedImage]) throws -> Void
  ) -> Pair {
    Pair(name: name, goal: goal, sizes: [100, 1_000, 10_000]) { size in
      let feed = Payloads.images(size)
      let loader = LocalFeedLoader(store: store(), currentDate: Date.init)
      let raw = makeRaw()
      // Both sides open their files first (a database, its schema): the measured work is the round trip.
      try await loader.save([])
      _ = try await loader.load()
      try raw([])
      return Sides(
        ours: {
          try await loader.save(feed)
          keep(try await loader.load())
        },
        raw: { try raw(feed) })
    }
  }

  static let inMemoryRoundTrip = roundTrip(
    "in-memory round trip", goal: 1.5, store: { InMemoryFeedStore() },
    raw: {
      { keep(Raw.memoryRoundTrip($0)) }
    })

  static let codableRoundTrip = roundTrip(
    "codable round trip", goal: 1.1,
    store: { CodableFeedStore(storeURL: scratch("codable").appending(path: "feed.json")) },
    raw: {
      let file = scratch("codable-raw").appending(path: "feed.json")
      return { keep(try Raw.jsonRoundTrip($0.map(PlainImage.init), at: file)) }
    })

  /// The file-system store's binary format against the JSON a simple cache writes: the store must do less work.
  static let fileSystemRoundTrip = roundTrip(
    "file-system round trip vs JSON", goal: 0.75, store: { FileSystemFeedStore(directory: scratch("fs")) },
    raw: {
      let file = scratch("fs-raw").appending(path: "feed.json")
      return { keep(try Raw.jsonRoundTrip($0.map(PlainImage.init), at: file)) }
    })

  static let sqliteRoundTrip = roundTrip(
    "SQLite round trip", goal: 1.3,
    store: { SQLiteFeedStore(storeURL: scratch("sqlite").appending(path: "feed.sqlite")) },
    raw: {
      let baseline = RawSQLiteBaseline(path: scratch("sqlite-raw").appending(path: "feed.sqlite").path)
      return { keep(baseline.roundTrip($0.map(PlainImage.init))) }
    })

  /// A load through the fallback composite, against the same load without it.
  static let fallbackComposite = Pair(name: "fallback composite", goal: 1.05, sizes: [100, 1_000, 10_000]) { size in
    let inner = LocalFeedLoader(store: InMemoryFeedStore(), currentDate: Date.init)
    try await inner.save(Payloads.images(size))
    let composite = FeedLoaderWithFallbackComposite(primary: inner, fallback: inner)
    return Sides(ours: { keep(try await composite.load()) }, raw: { keep(try await inner.load()) })
  }

  /// A load through the cache decorator (saving to a cache that keeps nothing), against the same load without it.
  static let cacheDecorator = Pair(name: "cache decorator", goal: 1.05, sizes: [100, 1_000, 10_000]) { size in
    let inner = LocalFeedLoader(store: InMemoryFeedStore(), currentDate: Date.init)
    try await inner.save(Payloads.images(size))
    let decorator = FeedLoaderCacheDecorator(decoratee: inner, cache: NoOpCache())
    return Sides(ours: { keep(try await decorator.load()) }, raw: { keep(try await inner.load()) })
  }
}
