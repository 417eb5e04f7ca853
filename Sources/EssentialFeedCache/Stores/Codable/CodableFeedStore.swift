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

  /// The file's JSON: `{"version", "timestamp", "feed": [{"id", "description", "location", "url"}]}`. Images are
  /// encoded and decoded one at a time, so no intermediate array of the whole feed is built on either side.
  private struct Cache: Codable {
    let version: Int
    let timestamp: Date
    let feed: [LocalFeedImage]

    private enum CodingKeys: String, CodingKey {
      case version, timestamp, feed
    }

    init(version: Int, timestamp: Date, feed: [LocalFeedImage]) {
      self.version = version
      self.timestamp = timestamp
      self.feed = feed
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      version = try container.decode(Int.self, forKey: .version)
      timestamp = try container.decode(Date.self, forKey: .timestamp)
      var images = try container.nestedUnkeyedContainer(forKey: .feed)
      var feed: [LocalFeedImage] = []
      feed.reserveCapacity(images.count ?? 0)
      while !images.isAtEnd {
        feed.append(try images.decode(Image.self).local)
      }
      self.feed = feed
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(version, forKey: .version)
      try container.encode(timestamp, forKey: .timestamp)
      var images = container.nestedUnkeyedContainer(forKey: .feed)
      for image in feed {
        try images.encode(Image(image))
      }
    }
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
    return CachedFeed(feed: cache.feed, timestamp: cache.timestamp)
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
        Cache(version: Self.formatVersion, timestamp: timestamp, feed: feed))
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
