import Foundation

/// A ``FeedStore`` and ``FeedImageDataStore`` that keeps the cache in a directory: the feed in one file, and each
/// image's data in a file of its own.
///
/// Files use a compact versioned binary format, checked on read, and each is replaced atomically and durably (the
/// new file is flushed, renamed over the old, and the directory flushed), so a crash or power cut leaves the old
/// contents or the new, never a mix. Temporary files of a writer killed midway are removed by the next write. An
/// image file's name is derived from the image's whole URL and holds only hex digits, so no URL can name a path
/// outside the directory; the file also stores its URL, so two URLs never share data. Looking an image up opens one
/// file by name and never scans the directory. The directory and files are readable by the user only; the directory
/// is created on the first insert. No file larger than `maximumFileSize` is written or read.
///
/// An actor whose operations never suspend: each is atomic, and histories are linearizable. Its blocking file I/O
/// runs on the store's own serial queue, never on the cooperative pool.
public actor FileSystemFeedStore: FeedStore, FeedImageDataStore {
  let directoryPath: String
  let feedPath: String
  let imagesPath: String
  /// Why the directory URL is unusable, if it is: every operation throws it.
  let invalidLocation: FileFeedStoreError?
  let maximumFileSize: Int
  /// Whether the images directory is known to exist, so inserts skip creating it again.
  var imagesDirectoryExists = false
  /// Writes the store's files; temporaries go in the store's directory, so one listing finds killed writers' files.
  var writer: CacheFileWriter
  private let executor = StoreExecutor(label: "FileSystemFeedStore")

  /// The actor's executor: the store's own serial queue.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Creates a store in `directory`. Nothing is read or written until an operation.
  ///
  /// - Parameters:
  ///   - directory: A file URL of the store's directory; created, with its parents, on the first insert. Any other
  ///     URL makes every operation fail with ``FileFeedStoreError/invalidLocation(_:)``.
  ///   - maximumFileSize: The largest feed or image file the store writes or reads, in bytes (default 256 MiB); a
  ///     larger file on disk is a retrieval error, never an allocation of its size.
  public init(directory: URL, maximumFileSize: Int = 256 << 20) {
    (directoryPath, invalidLocation) = StoreLocation.resolve(directory)
    writer = CacheFileWriter(directory: directoryPath, maximumFileSize: maximumFileSize)
    feedPath = (directoryPath as NSString).appendingPathComponent("feed.cache")
    imagesPath = (directoryPath as NSString).appendingPathComponent("images")
    self.maximumFileSize = maximumFileSize
  }

  /// Reads and decodes the file at `path` (the feed or the search): `nil` when there is none.
  func readFile<Value>(
    _ path: String, _ decode: (Data) throws(BinaryReader.Malformed) -> Value
  ) throws(FileFeedStoreError) -> Value? {
    try checkLocation()
    guard let data = try AtomicFile.readCache(path, limit: maximumFileSize) else { return nil }
    do {
      return try decode(data)
    } catch {
      throw .corrupt(path: path, reason: error.reason)
    }
  }

  /// Replaces the file at `path` with `bytes`, atomically and durably.
  func writeFile(_ bytes: [UInt8], to path: String) throws(FileFeedStoreError) {
    try checkLocation()
    do {
      try writer.write(Data(bytes), to: path)
    } catch {
      throw .insertionFailed(path: path, reason: error.reason)
    }
  }

  /// Deletes the file at `path`; no file is not an error.
  func removeFile(_ path: String) throws(FileFeedStoreError) {
    try checkLocation()
    do {
      try AtomicFile.remove(path)
    } catch {
      throw .deletionFailed(path: path, reason: error.reason)
    }
  }

  /// Throws ``FileFeedStoreError/invalidLocation(_:)`` when the store's URL is not a usable file URL.
  func checkLocation() throws(FileFeedStoreError) {
    if let invalidLocation { throw invalidLocation }
  }
}
