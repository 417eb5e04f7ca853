import Foundation

/// A ``FeedStore`` that keeps the cache in one JSON file, written with `Codable`.
///
/// The file is replaced atomically on every insert, so a crash leaves the old cache or the new one, never a mix.
/// The file, and any directory the store creates for it, are readable by the user only. A missing directory is
/// created on insert. A file that cannot be read or decoded is a retrieval error; deleting it recovers the store.
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

  /// Creates a store that keeps its cache in the file at `storeURL`. Nothing is read or written until an operation.
  ///
  /// - Parameter storeURL: A file URL; its directory is created on the first insert if missing.
  public init(storeURL: URL) {
    path = storeURL.path(percentEncoded: false)
  }

  /// Retrieves the cached feed.
  ///
  /// - Returns: The cached feed, or `nil` when there is no cache file.
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` when the file cannot be read;
  ///   ``FileFeedStoreError/corrupt(path:reason:)`` when it cannot be decoded.
  public func retrieve() throws(FileFeedStoreError) -> CachedFeed? {
    let data: Data?
    do {
      data = try AtomicFile.read(path)
    } catch {
      throw .retrievalFailed(path: path, reason: error.reason)
    }
    guard let data else { return nil }
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
    do {
      let data = try JSONEncoder().encode(
        Cache(version: Self.formatVersion, timestamp: timestamp, feed: feed.map(Image.init)))
      try AtomicFile.createDirectory((path as NSString).deletingLastPathComponent)
      try AtomicFile.write(data, to: path)
    } catch let error as AtomicFile.SystemError {
      throw .insertionFailed(path: path, reason: error.reason)
    } catch {
      throw .insertionFailed(path: path, reason: "\(error)")
    }
  }

  /// Deletes the cache file; deleting a missing file succeeds.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)`` when the file exists and cannot be deleted.
  public func deleteCachedFeed() throws(FileFeedStoreError) {
    do {
      try AtomicFile.remove(path)
    } catch {
      throw .deletionFailed(path: path, reason: error.reason)
    }
  }
}
