import Foundation

/// Keeps at most one cached feed with its timestamp.
///
/// - Important: Every operation is atomic: its effect happens entirely or not at all, and concurrent callers observe
///   a linearizable history (some serial order of the operations explains every result). A reader never sees one
///   insert's feed with another's timestamp, nor a half-deleted cache. A failure is a thrown error, never a crash:
///   an unreadable or corrupt cache is a retrieval error that leaves the store usable, so deleting it recovers.
///   `EssentialFeedSpecs.FeedStoreSpec` checks all of this for any implementation.
public protocol FeedStore: Sendable {
  /// Deletes the cached feed, if any. Deleting an empty cache succeeds.
  ///
  /// - Throws: The store's error when the cache could not be deleted; the cache is then unchanged.
  func deleteCachedFeed() async throws

  /// Replaces the cached feed, if any, with `feed` and `timestamp`.
  ///
  /// - Parameters:
  ///   - feed: The images to cache; order is preserved.
  ///   - timestamp: When the feed was cached; retrieved exactly as given.
  /// - Throws: The store's error when the feed could not be cached; the previous cache is then unchanged.
  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws

  /// Retrieves the cached feed. Retrieval never changes the store.
  ///
  /// - Returns: The cached feed, or `nil` when the cache is empty.
  /// - Throws: The store's error when the cache exists but cannot be read, for example a corrupt file.
  func retrieve() async throws -> CachedFeed?

  /// Replaces the cached feed, if any, with `feed` and `timestamp`, as "Cache Feed" does: a crash at any instant
  /// leaves the old cache or the new one, never none.
  ///
  /// The default implementation deletes, then inserts, so a store with only the three operations above keeps the
  /// classic courses; a crash between the two steps leaves no cache. A store whose `insert` already replaces in one
  /// atomic step (every store in this package) implements this as that one step.
  ///
  /// - Parameters:
  ///   - feed: The images to cache; order is preserved.
  ///   - timestamp: When the feed was cached.
  /// - Throws: The store's deletion error (nothing is inserted then) or insertion error; after an error of a store
  ///   that replaces atomically, the previous cache is unchanged.
  func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) async throws
}

extension FeedStore {
  /// Deletes the cached feed, then inserts `feed` with `timestamp`: the two-step default for stores that cannot
  /// replace atomically.
  ///
  /// - Parameters:
  ///   - feed: The images to cache; order is preserved.
  ///   - timestamp: When the feed was cached.
  /// - Throws: The deletion error (nothing is inserted then), or the insertion error.
  public func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) async throws {
    try await deleteCachedFeed()
    try await insert(feed, timestamp: timestamp)
  }
}
