import EssentialFeed
import Foundation

/// The cache use cases of the feed over a ``FeedStore``: load from cache, validate the cache, and cache a feed.
///
/// A cache is valid while it is less than seven days old by the injected clock (Gregorian calendar days); exactly
/// seven days old is expired.
public struct LocalFeedLoader: Sendable {
  private let store: any FeedStore
  private let currentDate: @Sendable () -> Date

  /// Creates a loader over `store`; nothing is sent to the store until a use case runs.
  ///
  /// - Parameters:
  ///   - store: Where the feed is cached.
  ///   - currentDate: The clock, read once per use case.
  public init(store: any FeedStore, currentDate: @escaping @Sendable () -> Date) {
    self.store = store
    self.currentDate = currentDate
  }
}

extension LocalFeedLoader: FeedLoader {
  /// Loads the cached feed when it is still valid. Loading never changes the store.
  ///
  /// - Returns: The cached images in order; `[]` when the cache is empty or expired.
  /// - Throws: The store's retrieval error; `CancellationError` when the calling task is cancelled.
  public func load() async throws -> [FeedImage] {
    try Task.checkCancellation()
    let cache = try await store.retrieve()
    try Task.checkCancellation()
    guard let cache, FeedCachePolicy.validate(cache.timestamp, against: currentDate()) else { return [] }
    return cache.feed.map(FeedImage.init)
  }
}

extension LocalFeedLoader: FeedCache {
  /// Replaces the cache with `feed`, timestamped with the current date, through the store's
  /// ``FeedStore/replaceCachedFeed(with:timestamp:)``: one atomic step where the store can, else delete then insert.
  ///
  /// A save that has started runs to completion even if the calling task is cancelled, so a cancel never leaves the
  /// cache deleted without the new feed.
  ///
  /// - Parameter feed: The images to cache, in order.
  /// - Throws: The store's deletion error (nothing is inserted then), or its insertion error; `CancellationError`
  ///   when the task is cancelled before the save starts.
  public func save(_ feed: [FeedImage]) async throws {
    try Task.checkCancellation()
    try await store.replaceCachedFeed(with: feed.map(LocalFeedImage.init), timestamp: currentDate())
  }
}

extension LocalFeedLoader {
  /// Deletes the cache when it cannot be read or has expired; leaves an empty or valid cache alone.
  ///
  /// - Returns: What it did, for an app to say: callers that need not know can ignore it.
  /// - Throws: The store's deletion error; `CancellationError` when the task is cancelled before validation starts.
  @discardableResult
  public func validateCache() async throws -> FeedCacheValidation {
    try Task.checkCancellation()
    let cache: CachedFeed?
    do {
      cache = try await store.retrieve()
    } catch {
      try await store.deleteCachedFeed()
      return .deletedUnreadable(reason: "\(error)")
    }
    guard let cache else { return .nothingToDo }
    guard FeedCachePolicy.validate(cache.timestamp, against: currentDate()) else {
      try await store.deleteCachedFeed()
      return .deletedExpired(images: cache.feed.count, savedAt: cache.timestamp)
    }
    return .kept(images: cache.feed.count, savedAt: cache.timestamp)
  }
}

/// What ``LocalFeedLoader/validateCache()`` did.
public enum FeedCacheValidation: Hashable, Sendable {
  /// There was no cache.
  case nothingToDo
  /// The cache was valid, and kept: how many images it holds, and when it was saved.
  case kept(images: Int, savedAt: Date)
  /// The cache had expired, and was deleted.
  case deletedExpired(images: Int, savedAt: Date)
  /// The cache could not be read, and was deleted: why it could not.
  case deletedUnreadable(reason: String)
}
