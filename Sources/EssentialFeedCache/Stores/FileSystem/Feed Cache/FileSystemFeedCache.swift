import Foundation

/// The cached feed in a shared ``FileSystemStoreDirectory``: one file, `feed.cache`, in a compact versioned binary
/// format checked on read, replaced atomically and durably by every insert, so a crash leaves the old feed or the
/// new. The directory's other files are other stores' and are never touched.
///
/// An actor on the directory's executor whose operations never suspend: each is atomic, histories are linearizable.
public actor FileSystemFeedCache: FeedStore {
  /// The directory the feed file lives in.
  public nonisolated let directory: FileSystemStoreDirectory
  let feedPath: String

  /// The directory's executor: the feed's operations and other stores' on the directory never interleave.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { directory.unownedExecutor }

  /// Creates the feed cache in `directory`. Nothing is read or written until an operation.
  ///
  /// - Parameter directory: The directory, shared with the other stores on it.
  public init(directory: FileSystemStoreDirectory) {
    self.directory = directory
    feedPath = directory.file("feed.cache")
  }

  /// Retrieves the cached feed.
  ///
  /// - Returns: The cached feed, or `nil` when there is none.
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` when the feed file cannot be read or is larger
  ///   than the directory's limit; ``FileFeedStoreError/corrupt(path:reason:)`` when it fails validation;
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func retrieve() throws(FileFeedStoreError) -> CachedFeed? {
    try directory.readFile(feedPath, FeedFileFormat.decode)
  }

  /// Replaces the cached feed with `feed` and `timestamp`, atomically and durably.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, the previous cache then unchanged;
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws(FileFeedStoreError) {
    try directory.writeFile(FeedFileFormat.encode(feed, timestamp: timestamp), to: feedPath)
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

  /// Deletes the cached feed; image data, the search and pending likes are other stores' and are kept. Deleting an
  /// empty cache succeeds.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)`` when the feed file cannot be deleted;
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func deleteCachedFeed() throws(FileFeedStoreError) {
    try directory.removeFile(feedPath)
  }
}
