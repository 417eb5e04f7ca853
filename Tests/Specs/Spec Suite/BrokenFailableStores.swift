import EssentialFeedCache
import Foundation

// One failing store per FailableFeedStoreSpec, each wrong in the way that spec guards against: it hides its failure,
// or its failure changes what it holds. `FailableFeedStoreSpec.brokenStore` pairs them with their spec.

/// A cache for a failing store to start with, so that a side effect of its failure shows.
func cacheBeforeTheFailure() -> CachedFeed {
  let image = LocalFeedImage(id: UUID(), description: "before", location: nil, url: anyURL())
  return CachedFeed(feed: [image], timestamp: Date(timeIntervalSinceReferenceDate: 1_000))
}

/// FSF-1: its cache is unreadable, and it says so with no cache instead of an error, as `try?` would.
actor ErrorSwallowingStore: FeedStore {
  func deleteCachedFeed() {}
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {}
  func retrieve() -> CachedFeed? { nil }
}

/// FSF-2: its cache is unreadable; the first retrieve fails and deletes it, so the second finds no cache.
actor DeletesUnreadableCacheStore: FeedStore {
  private var unreadable = true

  func deleteCachedFeed() { unreadable = false }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws { throw BrokenStoreError() }
  func retrieve() throws -> CachedFeed? {
    guard unreadable else { return nil }
    unreadable = false
    throw BrokenStoreError()
  }
}

/// FSF-3: its location cannot be written, and its insert succeeds anyway, writing nothing.
actor IgnoresInsertionFailureStore: FeedStore {
  private let cache = cacheBeforeTheFailure()

  func deleteCachedFeed() throws { throw BrokenStoreError() }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {}
  func retrieve() -> CachedFeed? { cache }
}

/// FSF-4: its insert writes the images, then fails to write the timestamp, and leaves the images written.
actor PartialInsertStore: FeedStore {
  private var cache = cacheBeforeTheFailure()

  func deleteCachedFeed() throws { throw BrokenStoreError() }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    cache = CachedFeed(feed: feed, timestamp: cache.timestamp)
    throw BrokenStoreError()
  }
  func retrieve() -> CachedFeed? { cache }
}

/// FSF-5: its cache cannot be deleted, and its delete succeeds anyway, deleting nothing.
actor IgnoresDeletionFailureStore: FeedStore {
  private let cache = cacheBeforeTheFailure()

  func deleteCachedFeed() {}
  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws { throw BrokenStoreError() }
  func retrieve() -> CachedFeed? { cache }
}

/// FSF-6: its delete removes the images, then fails to remove the timestamp, and leaves the images removed.
actor PartialDeleteStore: FeedStore {
  private var cache = cacheBeforeTheFailure()

  func deleteCachedFeed() throws {
    cache = CachedFeed(feed: [], timestamp: cache.timestamp)
    throw BrokenStoreError()
  }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws { throw BrokenStoreError() }
  func retrieve() -> CachedFeed? { cache }
}
