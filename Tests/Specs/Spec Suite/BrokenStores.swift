import EssentialFeedCache
import Foundation
import Synchronization

// Stores that are each wrong in one way the spec suite must catch. They are the tests of the spec suite itself.

/// Appends the inserted feed to the cached one instead of replacing it.
actor AppendingStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    cache = CachedFeed(feed: (cache?.feed ?? []) + feed, timestamp: timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// Deletes the cache as it retrieves it.
actor RetrieveDeletingStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func retrieve() -> CachedFeed? {
    defer { cache = nil }
    return cache
  }
}

/// Writes the feed and the timestamp in two steps with a suspension between them, so a concurrent reader can see
/// one insert's feed with another's timestamp; deletes in two steps the same way.
actor TornInsertStore: FeedStore {
  private var feed: [LocalFeedImage]?
  private var timestamp: Date?

  func deleteCachedFeed() async {
    feed = nil
    await Task.yield()
    timestamp = nil
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async {
    self.feed = feed
    await Task.yield()
    self.timestamp = timestamp
  }

  func retrieve() -> CachedFeed? {
    guard let feed, let timestamp else { return nil }
    return CachedFeed(feed: feed, timestamp: timestamp)
  }
}

/// Keeps timestamps to whole milliseconds, as a store with a coarse date column would.
actor TimestampRoundingStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    let milliseconds = (timestamp.timeIntervalSince1970 * 1000).rounded() / 1000
    cache = CachedFeed(feed: feed, timestamp: Date(timeIntervalSince1970: milliseconds))
  }
  func retrieve() -> CachedFeed? { cache }
}

/// Stores nil descriptions and locations as empty strings, as a careless serializer would.
actor NilAsEmptyStringStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    let flattened = feed.map {
      LocalFeedImage(id: $0.id, description: $0.description ?? "", location: $0.location ?? "", url: $0.url)
    }
    cache = CachedFeed(feed: flattened, timestamp: timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// Keys image data by the URL's last path component, so different URLs collide.
actor LastPathComponentImageStore: FeedImageDataStore {
  private var images: [String: Data] = [:]

  func insert(_ data: Data, for url: URL) { images[url.lastPathComponent] = data }
  func retrieve(dataForURL url: URL) -> Data? { images[url.lastPathComponent] }
}

/// Inserts image data in two steps with a suspension between, so a reader can see a half-written value.
actor TornImageInsertStore: FeedImageDataStore {
  private var images: [URL: Data] = [:]

  func insert(_ data: Data, for url: URL) async {
    images[url] = data.prefix(data.count / 2)
    await Task.yield()
    images[url] = data
  }

  func retrieve(dataForURL url: URL) -> Data? { images[url] }
}

/// Fails every operation, though it says nothing is wrong when it retrieves after an insert: it loses the cache.
actor InsertionFailureLosesCacheStore: FeedStore {
  private var cache: CachedFeed? = CachedFeed(feed: [], timestamp: Date(timeIntervalSince1970: 0))

  func deleteCachedFeed() throws { throw BrokenStoreError() }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    cache = nil
    throw BrokenStoreError()
  }
  func retrieve() -> CachedFeed? { cache }
}

struct BrokenStoreError: Error {}

/// Fails every operation, as a store on a volume that went away would.
actor UnreachableStore: FeedStore {
  func deleteCachedFeed() throws { throw BrokenStoreError() }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws { throw BrokenStoreError() }
  func retrieve() throws -> CachedFeed? { throw BrokenStoreError() }
}

/// Guards the feed and the timestamp with two separate locks and writes them one after the other, with no
/// suspension point: a reader on another thread can see one insert's timestamp with another's feed. Only real
/// parallelism, not an `await`, exposes it.
final class TwoLockStore: FeedStore {
  private let feed = Mutex<[LocalFeedImage]?>(nil)
  private let timestamp = Mutex<Date?>(nil)

  func deleteCachedFeed() async {
    timestamp.withLock { $0 = nil }
    feed.withLock { $0 = nil }
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async {
    self.timestamp.withLock { $0 = timestamp }
    let copy = feed.map { $0 }  // The work a real store does between the two writes: encoding, say.
    self.feed.withLock { $0 = copy }
  }

  func retrieve() async -> CachedFeed? {
    let feed = feed.withLock { $0 }
    guard let timestamp = timestamp.withLock({ $0 }), let feed else { return nil }
    return CachedFeed(feed: feed, timestamp: timestamp)
  }
}

/// Keeps the feed and the timestamp in plain stored properties with no lock at all, written one after the other.
///
/// Its state is two trivial values (an index and a date), so its races stay logical (a torn pair) and never corrupt
/// memory: concurrent writes of a reference-counted value would release the old one twice, and the test process must
/// survive the broken store it tests. The feeds themselves live in a registry that only grows.
final class UnlockedStore: FeedStore, @unchecked Sendable {
  // @unchecked Sendable on purpose: this is the broken store the concurrency spec must catch.
  nonisolated(unsafe) private var feedIndex: Int?
  nonisolated(unsafe) private var timestamp: Date?
  private let feeds = Mutex<[[LocalFeedImage]]>([])

  func deleteCachedFeed() async {
    timestamp = nil
    feedIndex = nil
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async {
    let index = feeds.withLock {
      $0.append(feed.map { $0 })
      return $0.count - 1
    }
    self.timestamp = timestamp
    _ = feed.map(\.id)  // The work a real store does between the two writes.
    feedIndex = index
  }

  func retrieve() async -> CachedFeed? {
    guard let index = feedIndex, let timestamp else { return nil }
    return CachedFeed(feed: feeds.withLock { $0[index] }, timestamp: timestamp)
  }
}

/// Replaces by inserting the new feed after the old one, as a store that forgot to clear would.
actor AppendingReplaceStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() { cache = nil }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) { cache = CachedFeed(feed: feed, timestamp: timestamp) }
  func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) {
    cache = CachedFeed(feed: (cache?.feed ?? []) + feed, timestamp: timestamp)
  }
  func retrieve() -> CachedFeed? { cache }
}

/// The store a user wrote, as the README once said fails FS-14: the feed and the timestamp each behind an `NSLock`,
/// written one after the other with nothing between the two writes. Its window is a few nanoseconds wide; only the
/// torn-state phase of FS-14, readers racing writers millions of times, finds it.
final class TightTwoLockStore: FeedStore, @unchecked Sendable {
  // @unchecked Sendable: each property is read and written only under its own lock.
  private let feedLock = NSLock()
  private let timestampLock = NSLock()
  private var feed: [LocalFeedImage]?
  private var timestamp: Date?

  func deleteCachedFeed() async {
    feedLock.withLock { feed = nil }
    timestampLock.withLock { timestamp = nil }
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async {
    feedLock.withLock { self.feed = feed }
    timestampLock.withLock { self.timestamp = timestamp }
  }

  func retrieve() async -> CachedFeed? {
    let feed = feedLock.withLock { self.feed }
    let timestamp = timestampLock.withLock { self.timestamp }
    guard let feed, let timestamp else { return nil }
    return CachedFeed(feed: feed, timestamp: timestamp)
  }
}
