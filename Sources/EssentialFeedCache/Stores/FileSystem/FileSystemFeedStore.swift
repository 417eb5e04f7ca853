import Foundation

/// A ``FeedStore`` and ``FeedImageDataStore`` that keeps the cache in a directory: the feed in one file, and each
/// image's data in a file of its own.
///
/// Files use a compact versioned binary format, checked on read, and each is replaced atomically, so a crash leaves
/// the old contents or the new, never a mix. An image file's name is derived from the image's whole URL and holds
/// only hex digits, so no URL can name a path outside the directory; the file also stores its URL, so two URLs never
/// share data. Looking an image up opens one file by name and never scans the directory. The directory and files
/// are readable by the user only; the directory is created on the first insert.
///
/// An actor whose operations never suspend: each is atomic, and histories are linearizable.
public actor FileSystemFeedStore: FeedStore, FeedImageDataStore {
  private let feedPath: String
  private let directoryPath: String
  private let imagesPath: String
  /// Whether the images directory is known to exist, so inserts skip creating it again.
  private var imagesDirectoryExists = false

  /// Creates a store in `directory`. Nothing is read or written until an operation.
  ///
  /// - Parameter directory: A file URL of the store's directory; created, with its parents, on the first insert.
  public init(directory: URL) {
    directoryPath = directory.path(percentEncoded: false)
    feedPath = (directoryPath as NSString).appendingPathComponent("feed.cache")
    imagesPath = (directoryPath as NSString).appendingPathComponent("images")
  }

  // MARK: - FeedStore

  /// Retrieves the cached feed.
  ///
  /// - Returns: The cached feed, or `nil` when there is none.
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` when the feed file cannot be read;
  ///   ``FileFeedStoreError/corrupt(path:reason:)`` when it fails validation.
  public func retrieve() throws(FileFeedStoreError) -> CachedFeed? {
    let data: Data?
    do {
      data = try AtomicFile.read(feedPath)
    } catch {
      throw .retrievalFailed(path: feedPath, reason: error.reason)
    }
    guard let data else { return nil }
    do {
      return try FeedFileFormat.decode(data)
    } catch {
      throw .corrupt(path: feedPath, reason: error.reason)
    }
  }

  /// Replaces the cached feed with `feed` and `timestamp`, atomically.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``; the previous cache is then unchanged.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws(FileFeedStoreError) {
    let bytes = FeedFileFormat.encode(feed, timestamp: timestamp)
    do {
      try AtomicFile.createDirectory(directoryPath)
      try AtomicFile.write(Data(bytes), to: feedPath)
    } catch {
      throw .insertionFailed(path: feedPath, reason: error.reason)
    }
  }

  /// Deletes the cached feed; image data is kept. Deleting an empty cache succeeds.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)`` when the feed file cannot be deleted.
  public func deleteCachedFeed() throws(FileFeedStoreError) {
    do {
      try AtomicFile.remove(feedPath)
    } catch {
      throw .deletionFailed(path: feedPath, reason: error.reason)
    }
  }

  // MARK: - FeedImageDataStore

  /// Stores `data` for `url`, atomically replacing what was stored for it.
  ///
  /// A corrupt file in the URL's place is replaced, so a store with a damaged image file recovers on the next save.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL; its whole `absoluteString` is the key.
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``; what was stored before is then unchanged.
  public func insert(_ data: Data, for url: URL) throws(FileFeedStoreError) {
    let key = url.absoluteString
    var path = imagesPath
    do {
      if !imagesDirectoryExists {
        try AtomicFile.createDirectory(imagesPath)
        imagesDirectoryExists = true
      }
      switch try lookUp(key) {
      case .found(let slot, _), .free(let slot), .corrupt(let slot, _): path = slot
      }
      try AtomicFile.write(ImageFileFormat.encode(data, key: key), to: path)
    } catch {
      imagesDirectoryExists = false  // It may have been removed behind the store's back: create it next time.
      throw .insertionFailed(path: path, reason: error.reason)
    }
  }

  /// Retrieves the data stored for `url`.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The data, or `nil` when nothing is stored for exactly this URL.
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` when an image file cannot be read;
  ///   ``FileFeedStoreError/corrupt(path:reason:)`` when it fails validation.
  public func retrieve(dataForURL url: URL) throws(FileFeedStoreError) -> Data? {
    let slot: Slot
    do {
      slot = try lookUp(url.absoluteString)
    } catch {
      throw .retrievalFailed(path: imagesPath, reason: error.reason)
    }
    switch slot {
    case .found(_, let data): return data
    case .free: return nil
    case .corrupt(let path, let reason): throw .corrupt(path: path, reason: reason)
    }
  }

  private enum Slot {
    case found(String, Data)
    case free(String)
    case corrupt(String, reason: String)
  }

  /// Walks `key`'s collision chain: the file holding its data, a corrupt file in the way, or the first free name.
  private func lookUp(_ key: String) throws(AtomicFile.SystemError) -> Slot {
    for slot in 0... {
      let path = (imagesPath as NSString).appendingPathComponent(ImageFileFormat.fileName(for: key, slot: slot))
      guard let file = try AtomicFile.read(path) else { return .free(path) }
      do {
        let stored = try ImageFileFormat.decode(file)
        if stored.key == key { return .found(path, stored.data) }
      } catch {
        return .corrupt(path, reason: error.reason)
      }
    }
    preconditionFailure("an unbounded range always yields another slot")
  }
}
