import EssentialFeedCache
import Foundation

// One store per FeedStore spec, each wrong in the way that spec guards against and right otherwise, as far as the bug
// allows. `FeedStoreSpec.brokenStore` pairs them with their spec.

/// FS-1: delivers a cache of no images where there is no cache, confusing "nothing cached" with "cached nothing".
actor EmptyFeedForNoCacheStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func retrieve() -> CachedFeed? { cache ?? CachedFeed(feed: [], timestamp: .distantPast) }
}

/// FS-2: a retrieve that finds nothing creates an empty cache, as a store that creates its file when it opens it would.
actor RetrieveCreatesCacheStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func retrieve() -> CachedFeed? {
    defer { cache = cache ?? CachedFeed(feed: [], timestamp: Date(timeIntervalSinceReferenceDate: 0)) }
    return cache
  }
}

/// FS-3: writes each description in the location column and each location in the description column.
actor SwappedColumnsStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    let swapped = feed.map {
      LocalFeedImage(id: $0.id, description: $0.location, location: $0.description, url: $0.url)
    }
    cache = CachedFeed(feed: swapped, timestamp: timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-4: a retrieve stamps the cache with the time it was read, as a store that tracks "last used" in place would.
actor TouchingRetrieveStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func retrieve() -> CachedFeed? {
    defer { cache = cache.map { CachedFeed(feed: $0.feed, timestamp: Date()) } }
    return cache
  }
}

/// FS-5: inserts by updating the cached row, so with no row there is nothing to update and the insert fails.
actor UpdateOnlyStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    guard cache != nil else { throw BrokenStoreError() }
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-6: inserts a new row without replacing, so a second insert violates the one-row constraint and fails.
actor InsertOnlyStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    guard cache == nil else { throw BrokenStoreError() }
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-7: ignores an insert when a cache exists, as `INSERT OR IGNORE` would.
actor FirstInsertWinsStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    cache = cache ?? CachedFeed(feed: feed, timestamp: timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-8: deleting a cache that does not exist fails, as removing a missing file does.
actor DeleteMissingThrowsStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() throws {
    guard cache != nil else { throw BrokenStoreError() }
    cache = nil
  }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-9: deleting an empty cache truncates a file that was not there, leaving a cache of no images.
actor DeleteCreatesCacheStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() {
    cache = cache == nil ? CachedFeed(feed: [], timestamp: Date(timeIntervalSinceReferenceDate: 0)) : nil
  }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-10: deleting a cache removes it, then fails on a second file it expected to find.
actor DeleteThrowsWhenFullStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() throws {
    guard cache != nil else { return }
    cache = nil
    throw BrokenStoreError()
  }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-11: deletes the images but keeps the timestamp, as a store that forgets one of its two tables would.
actor DeleteKeepsTimestampStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = cache.map { CachedFeed(feed: [], timestamp: $0.timestamp) } }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-12: keeps an empty feed as no cache at all, as a store that finds no image rows would.
actor EmptyFeedAsNoCacheStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    cache = feed.isEmpty ? nil : CachedFeed(feed: feed, timestamp: timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-13: keeps only the first 1,000 images, as a store writing one fixed-size page would.
actor PageLimitStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    cache = CachedFeed(feed: Array(feed.prefix(1_000)), timestamp: timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-14: inserts by deleting, then writing after a suspension, so a concurrent reader can see no cache where one
/// was never deleted.
actor DeleteThenWriteStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) async {
    cache = nil
    // A real pause, not a yield: a yield on an idle actor can resume at once, and the spec would see no window.
    try? await Task.sleep(for: .milliseconds(1))
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// FS-15: replaces the images but keeps the old timestamp, as an update that forgets a column would.
actor ReplaceKeepsTimestampStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) {
    cache = CachedFeed(feed: feed, timestamp: cache?.timestamp ?? timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// Reads the images back last first, as `ORDER BY rowid DESC` would: it loses their order.
actor LastFirstStore: FeedStore {
  private var cache: CachedFeed?

  /// The feed as last inserted, to say which image a failure must name.
  var inserted: [LocalFeedImage] { cache?.feed ?? [] }

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func retrieve() -> CachedFeed? { cache.map { CachedFeed(feed: $0.feed.reversed(), timestamp: $0.timestamp) } }
}
