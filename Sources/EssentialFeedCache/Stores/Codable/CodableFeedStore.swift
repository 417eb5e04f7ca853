import Foundation

/// A ``FeedStore`` that keeps the cache in one JSON file, written with `Codable`.
///
/// The file is replaced atomically on every insert, so a crash leaves the old cache or the new one, never a mix.
/// The file, and any directory the store creates for it, are readable by the user only. A missing directory is
/// created on insert. A file that cannot be read or decoded is a retrieval error; deleting it recovers the store.
///
/// Writes are durable: the new file is flushed, renamed over the old, and the directory flushed. Temporary files of a
/// writer killed midway are removed by the next write.
///
/// An actor whose operations never suspend: each is atomic, and histories are linearizable.
public actor CodableFeedStore: FeedStore {
  /// The on-disk format version; a file of another version is reported as corrupt rather than misread.
  static let formatVersion = 1

  private struct Cache: Codable {
    let version: Int
    let timestamp: Date
    let feed: [Image]
  }

  private struct Image: Codable {
    let id: UUID
    let description: String?
    let location: String?
    let url: URL

    init(_ image: LocalFeedImage) {
      id = image.id
      description = image.description
      location = image.location
      url = image.url
    }

    var local: LocalFeedImage {
      LocalFeedImage(id: id, description: description, location: location, url: url)
    }
  }

  private let path: String
  private let invalidLocation: FileFeedStoreError?
  private let maximumFileSize: Int
  private var writer: CacheFileWriter
  private let executor = StoreExecutor(label: "CodableFeedStore")

  /// The actor's executor: the store's own serial queue, so file I/O never blocks the cooperative pool.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Creates a store that keeps its cache in the file at `storeURL`. Nothing is read or written until an operation.
  ///
  /// - Parameters:
  ///   - storeURL: A file URL; its directory is created on the first insert if missing. Any other URL makes every
  ///     operation fail with ``FileFeedStoreError/invalidLocation(_:)``.
  ///   - maximumFileSize: The largest cache file the store writes or reads, in bytes (default 256 MiB).
  public init(storeURL: URL, maximumFileSize: Int = 256 << 20) {
    (path, invalidLocation) = StoreLocation.resolve(storeURL)
    writer = CacheFileWriter(
      directory: StorePath.parent(of: path), maximumFileSize: maximumFileSize)
    self.maximumFileSize = maximumFileSize
  }

  /// Retrieves the cached feed.
  ///
  /// - Returns: The cached feed, or `nil` when there is no cache file.
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` when the file cannot be read;
  ///   ``FileFeedStoreError/corrupt(path:reason:)`` when it cannot be decoded.
  public func retrieve() throws(FileFeedStoreError) -> CachedFeed? {
    if let invalidLocation { throw invalidLocation }
    guard let data = try AtomicFile.readCache(path, limit: maximumFileSize) else { return nil }
    let cache: Cache
    do {
      cache = try JSONDecoder().decode(Cache.self, from: data)
    } catch {
      throw .corrupt(path: path, reason: "not a JSON feed cache")
    }
    guard cache.version == Self.formatVersion else {
      throw .corrupt(path: path, reason: "unknown format version \(cache.version)")
    }
    return CachedFeed(feed: cache.feed.map(\.local), timestamp: cache.timestamp)
  }

  /// Replaces the cache file with `feed` and `timestamp`, atomically.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)`` when the file or its directory cannot be
  ///   written; the previous cache is then unchanged.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws(FileFeedStoreError) {
    if let invalidLocation { throw invalidLocation }
    do {
      let data = try JSONEncoder().encode(
        Cache(version: Self.formatVersion, timestamp: timestamp, feed: feed.map(Image.init)))
      try writer.write(data, to: path)
    } catch let error as AtomicFile.SystemError {
      throw .insertionFailed(path: path, reason: error.reason)
    } catch {
      throw .insertionFailed(path: path, reason: "\(error)")
    }
  }

  /// Replaces the cache in one atomic step, as ``insert(_:timestamp:)`` does: a crash leaves the old cache or the
  /// new, never none.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: As ``insert(_:timestamp:)``.
  public func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) throws(FileFeedStoreError) {
    try insert(feed, timestamp: timestamp)
  }

  /// Deletes the cache file; deleting a missing file succeeds.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)`` when the file exists and cannot be deleted.
  public func deleteCachedFeed() throws(FileFeedStoreError) {
    if let invalidLocation { throw invalidLocation }
    do {
      try AtomicFile.remove(path)
    } catch {
      throw .deletionFailed(path: path, reason: error.reason)
    }
  }
}
