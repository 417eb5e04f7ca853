import Foundation

/// A ``FeedStore`` and ``LimitedFeedImageDataStore`` that keeps the cache in a directory: the feed in one file, and
/// each image's data in a file of its own, indexed by `images.index`.
///
/// Files use a compact versioned binary format, checked on read, and each is replaced atomically and durably (the
/// new file is flushed, renamed over the old, and the directory flushed), so a crash or power cut leaves the old
/// contents or the new, never a mix. Temporary files of a writer killed midway are removed by the next write. An
/// image file's name is the SHA-256 digest of the image's whole URL in hex digits, so no URL can name a path outside
/// the directory; the file also stores its URL, so two URLs never share data. Looking an image up opens one file by
/// name and never scans the directory, or even the index.
///
/// With ``ImageCacheLimits``, every insert keeps the images within them (least recently used first), as
/// `LimitedFeedImageDataStoreSpec` checks. The index is an append-only journal, loaded on the first insert or size
/// query, compacted when it has grown; a lost or damaged index is rebuilt from the image files, the one time the
/// directory is listed. After a power cut the index may miss the last images written (its appends are not flushed,
/// the image files are): they are not counted until the next rebuild. Instances and processes sharing the directory
/// change the index one at a time (`images.lock`), each reading it again when another changed it. The directory and
/// files are readable by the user only; the directory is created on the first insert. No file larger than
/// `maximumFileSize` is written or read.
///
/// An actor whose operations never suspend: each is atomic, and histories are linearizable. Its blocking file I/O
/// runs on the store's own serial queue, never on the cooperative pool.
public actor FileSystemFeedStore: FeedStore, LimitedFeedImageDataStore {
  let directoryPath: String
  let feedPath: String
  let imagesPath: String
  /// The pending likes' journal: built once, as every change of a like looks at it.
  let pendingLikesPath: String
  /// Why the directory URL is unusable, if it is: every operation throws it.
  let invalidLocation: FileFeedStoreError?
  let maximumFileSize: Int
  /// Whether the images directory is known to exist, so inserts skip creating it again.
  var imagesDirectoryExists = false
  /// Writes the store's files; temporaries go in the store's directory, so one listing finds killed writers' files.
  var writer: CacheFileWriter
  private let executor = StoreExecutor(label: "FileSystemFeedStore")
  let imageLimits: ImageCacheLimits?
  let currentDate: @Sendable () -> Date
  let indexLocation: ImageIndex.Location
  /// The images' index, once an operation has needed it.
  var imageIndex: ImageIndex?
  /// Index records of lookups (uses, expired images removed) not yet appended to the journal: they go with the next
  /// write, so a lookup writes nothing.
  var pendingRecords: [ImageIndexJournal.Record] = []
  /// `images.lock`, open once a change to the image index needed it (or -1), and the index's journal as this
  /// instance last read or wrote it.
  var imagesLock: Int32 = -1
  var knownJournal: JournalIdentity?
  /// The pending likes, once an operation has read them, and their journal while open for appending (or -1).
  var pendingLikes: PendingLikes?
  var pendingLikesFile: Int32 = -1
  /// `pending-likes.lock`, open once a change to the pending likes needed it (or -1).
  var pendingLikesLock: Int32 = -1
  /// `search.lock`, open once a change to the search needed it (or -1).
  var searchLock: Int32 = -1

  /// The actor's executor: the store's own serial queue.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

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
    (directoryPath, invalidLocation) = StoreLocation.resolve(directory)
    writer = CacheFileWriter(directory: directoryPath, maximumFileSize: maximumFileSize)
    feedPath = StorePath.appending("feed.cache", to: directoryPath)
    imagesPath = StorePath.appending("images", to: directoryPath)
    pendingLikesPath = StorePath.appending("pending-likes", to: directoryPath)
    self.maximumFileSize = maximumFileSize
    self.imageLimits = imageLimits
    self.currentDate = currentDate
    indexLocation = ImageIndex.Location(
      journal: StorePath.appending("images.index", to: directoryPath), images: imagesPath,
      maximumFileSize: maximumFileSize)
  }

  /// Closes the store's descriptors; no other I/O. Reads no write or ``flush()`` saved are lost: only the order of use
  /// they recorded, and removals the next load of the index finds anyway; never an image.
  deinit {
    if pendingLikesFile >= 0 { close(pendingLikesFile) }
    if pendingLikesLock >= 0 { close(pendingLikesLock) }
    if searchLock >= 0 { close(searchLock) }
    if imagesLock >= 0 { close(imagesLock) }
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

  /// Deletes the file at `path`; no file is not an error, and something else in its place (a directory) is removed.
  func removeFile(_ path: String) throws(FileFeedStoreError) {
    try checkLocation()
    do throws(AtomicFile.SystemError) {
      do throws(AtomicFile.SystemError) {
        try AtomicFile.remove(path)
      } catch  where error.code == EISDIR || error.code == EPERM {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { throw error }
        try AtomicFile.removeItem(path)
      }
    } catch {
      throw .deletionFailed(path: path, reason: error.reason)
    }
  }

  /// Throws ``FileFeedStoreError/invalidLocation(_:)`` when the store's URL is not a usable file URL.
  func checkLocation() throws(FileFeedStoreError) {
    if let invalidLocation { throw invalidLocation }
  }
}
