import EssentialFeedCache
import EssentialFeedSpecs
import Foundation

/// A correct store that can fail: it holds a cache in memory, and one kind of operation fails without touching it.
actor FailingInMemoryStore: FeedStore {
  enum Failing: Sendable {
    case retrieval, insertion, deletion
  }

  private let failing: Failing
  private var cache: CachedFeed? = cacheBeforeTheFailure()

  init(failing: Failing) {
    self.failing = failing
  }

  func deleteCachedFeed() throws {
    guard failing != .deletion else { throw BrokenStoreError() }
    cache = nil
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    guard failing != .insertion else { throw BrokenStoreError() }
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }

  func retrieve() throws -> CachedFeed? {
    guard failing != .retrieval else { throw BrokenStoreError() }
    return cache
  }

  /// Failures from fresh stores of this kind, one per operation.
  static var failures: FeedStoreFailures {
    FeedStoreFailures(
      retrieval: { FailingInMemoryStore(failing: .retrieval) },
      insertion: { FailingInMemoryStore(failing: .insertion) },
      deletion: { FailingInMemoryStore(failing: .deletion) })
  }
}
