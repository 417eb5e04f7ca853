import Foundation

/// A ``FeedStore`` and ``LimitedFeedImageDataStore`` that keeps the cache in a directory: the feed in one file, and
/// each image's data in a file of its own, indexed by `images.index`; also the last search, the pending likes and the
/// page list.
///
/// Every file-system store on one directory, as one type. New code opens one ``FileSystemStoreDirectory`` and makes
/// the store of each capability it needs on it (``FileSystemFeedCache``, ``FileSystemImageDataStore``,
/// ``FileSystemSearchStore``, ``FileSystemPendingLikeStore``, ``FileSystemPageStore``); this type makes all five on a
/// directory handle of its own and forwards to them, on the directory's executor, so each operation stays atomic and histories linearizable.
/// It keeps the same files as they do: a store of either kind reads what the other wrote.
///
/// Files use a compact versioned binary format, checked on read, and each is replaced atomically and durably (the
/// new file is flushed, renamed over the old, and the directory flushed), so a crash or power cut leaves the old
/// contents or the new, never a mix. Temporary files of a writer killed midway are removed by the next write. An
/// image file's name is the SHA-256 digest of the image's whole URL in hex digits, so no URL can name a path outside
/// the directory; the file also stores its URL, so two URLs never share data. Looking an image up opens one file by
/// name and never scans the directory, or even the index.
///
/// With ``ImageCacheLimits``, every insert keeps the images within them (least recently used first), as
/// `LimitedFeedImageDataStoreSpec` checks. Instances and processes sharing the directory change the index one at a
/// time (`images.lock`), each reading it again when another changed it. The directory and files are readable by the
/// user only; the directory is created on the first insert. No file larger than `maximumFileSize` is written or read.
/// Releasing the store closes its descriptors and does no other I/O: call ``flush()`` before, or the order of use
/// that reads recorded since the last write is lost (never an image).
///
/// An actor whose operations never suspend: each is atomic, and histories are linearizable. Its blocking file I/O
/// runs on the directory's own serial queue, never on the cooperative pool.
public actor FileSystemFeedStore: FeedStore, LimitedFeedImageDataStore {
  /// The directory handle the five stores share.
  let directory: FileSystemStoreDirectory
  let feedCache: FileSystemFeedCache
  let images: FileSystemImageDataStore
  let search: FileSystemSearchStore
  let likes: FileSystemPendingLikeStore
  let pages: FileSystemPageStore

  /// The actor's executor: the directory's serial queue, shared with the stores it forwards to.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { directory.unownedExecutor }

  /// Creates a store in `directory`. Nothing is read or written until an operation.
  ///
  /// - Parameters:
  ///   - directory: A file URL of the store's directory; created, with its parents, on the first insert. Any other
  ///     URL makes every operation fail with ``FileFeedStoreError/invalidLocation(_:)``.
  ///   - maximumFileSize: The largest feed or image file the store writes or reads, in bytes (default 256 MiB); a
  ///     larger file on disk is a retrieval error, never an allocation of its size.
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public init(
    directory: URL, maximumFileSize: Int = 256 << 20, imageLimits: ImageCacheLimits? = nil,
    currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    let shared = FileSystemStoreDirectory(directory: directory, maximumFileSize: maximumFileSize)
    self.directory = shared
    feedCache = FileSystemFeedCache(directory: shared)
    images = FileSystemImageDataStore(directory: shared, imageLimits: imageLimits, currentDate: currentDate)
    search = FileSystemSearchStore(directory: shared)
    likes = FileSystemPendingLikeStore(directory: shared)
    pages = FileSystemPageStore(directory: shared)
  }

  /// See ``FileSystemFeedCache/retrieve()``.
  public func retrieve() throws(FileFeedStoreError) -> CachedFeed? {
    try feedCache.onSharedExecutor { store throws(FileFeedStoreError) in try store.retrieve() }
  }

  /// See ``FileSystemFeedCache/insert(_:timestamp:)``.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws(FileFeedStoreError) {
    try feedCache.onSharedExecutor((feed, timestamp)) { store, insert throws(FileFeedStoreError) in
      try store.insert(insert.0, timestamp: insert.1)
    }
  }

  /// See ``FileSystemFeedCache/replaceCachedFeed(with:timestamp:)``.
  public func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) throws(FileFeedStoreError) {
    try feedCache.onSharedExecutor((feed, timestamp)) { store, replace throws(FileFeedStoreError) in
      try store.replaceCachedFeed(with: replace.0, timestamp: replace.1)
    }
  }

  /// See ``FileSystemFeedCache/deleteCachedFeed()``.
  public func deleteCachedFeed() throws(FileFeedStoreError) {
    try feedCache.onSharedExecutor { store throws(FileFeedStoreError) in try store.deleteCachedFeed() }
  }
}
