import Foundation

extension FileSystemFeedStore {
  /// Retrieves the cached feed.
  ///
  /// - Returns: The cached feed, or `nil` when there is none.
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` when the feed file cannot be read or is larger
  ///   than the store's limit; ``FileFeedStoreError/corrupt(path:reason:)`` when it fails validation;
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func retrieve() throws(FileFeedStoreError) -> CachedFeed? {
    try readFile(feedPath, FeedFileFormat.decode)
  }

  /// Replaces the cached feed with `feed` and `timestamp`, atomically and durably.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, the previous cache then unchanged;
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws(FileFeedStoreError) {
    try writeFile(FeedFileFormat.encode(feed, timestamp: timestamp), to: feedPath)
  }

  /// Replaces the cached feed in one atomic step, as ``insert(_:timestamp:)`` does: a crash leaves the old cache or
  /// the new, never none.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: As ``insert(_:timestamp:)``.
  public func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) throws(FileFeedStoreError) {
    try insert(feed, timestamp: timestamp)
  }

  /// Deletes the cached feed; image data is kept. Deleting an empty cache succeeds.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)`` when the feed file cannot be deleted;
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func deleteCachedFeed() throws(FileFeedStoreError) {
    try removeFile(feedPath)
  }
}
