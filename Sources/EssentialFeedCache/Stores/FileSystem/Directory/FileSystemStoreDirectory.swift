import Foundation

/// One store directory, shared by the file-system stores of each capability: ``FileSystemFeedCache``,
/// ``FileSystemImageDataStore``, ``FileSystemSearchStore``, ``FileSystemPendingLikeStore`` and ``FileSystemPageStore``.
///
/// It owns what they share: the serial executor their operations run on (so an operation of one store never
/// interleaves with another's, and blocking file I/O never runs on the cooperative pool), the directory's path,
/// checked once, the largest file any of them writes or reads, and the writer of their files. Each store owns its
/// files, and the lock file that orders its changes across instances and processes.
///
/// - Every file is replaced atomically and durably (the new file is flushed, renamed over the old, and the directory
///   flushed), so a crash or power cut leaves the old contents or the new, never a mix. Temporary files of a writer
///   killed midway are removed by the next write of a store on the directory.
/// - The directory and files are readable by the user only; the directory is created, with its parents, on the first
///   write. Nothing is read or written until an operation.
/// - No file larger than `maximumFileSize` is written or read.
/// - Releasing it does no I/O.
public actor FileSystemStoreDirectory {
  /// The directory's path, or, for a URL a store cannot use, a path that exists nowhere.
  let path: String
  /// Why the directory URL is unusable, if it is: every operation of every store on it throws it.
  let invalidLocation: FileFeedStoreError?
  /// The largest file the stores write or read, in bytes.
  let maximumFileSize: Int
  /// Writes the stores' files; temporaries go in the directory itself, so one listing finds killed writers' files.
  private var writer: CacheFileWriter
  private let executor = StoreExecutor(label: "FileSystemStoreDirectory")

  /// The actor's executor: the directory's own serial queue, shared by every store on it.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Creates the handle of the store directory at `directory`. Nothing is read or written until a store's operation.
  ///
  /// - Parameters:
  ///   - directory: A file URL of the directory; created, with its parents, on the first write. Any other URL makes
  ///     every operation of the stores on it fail with ``FileFeedStoreError/invalidLocation(_:)``.
  ///   - maximumFileSize: The largest file the stores write or read, in bytes (default 256 MiB); a larger file on
  ///     disk is a retrieval error, never an allocation of its size.
  public init(directory: URL, maximumFileSize: Int = 256 << 20) {
    (path, invalidLocation) = StoreLocation.resolve(directory)
    self.maximumFileSize = maximumFileSize
    writer = CacheFileWriter(directory: path, maximumFileSize: maximumFileSize)
  }

  /// The path of the file `name` in the directory.
  nonisolated func file(_ name: String) -> String {
    StorePath.appending(name, to: path)
  }

  /// Writes `data` to `file`, a file in the directory or below it, atomically and durably. Runs on the directory's
  /// executor: call it from a store on the directory.
  nonisolated func write(_ data: Data, to file: String) throws(AtomicFile.SystemError) {
    try onSharedExecutor((data, file)) { directory, write throws(AtomicFile.SystemError) in
      try directory.writer.write(write.0, to: write.1)
    }
  }

  /// Writes `parts`, one after the other, to the file `name` in `folder` (the directory or one below it), atomically
  /// and durably. Runs on the directory's executor: call it from a store on the directory.
  nonisolated func write(_ parts: [Data], name: String, in folder: String) throws(AtomicFile.SystemError) {
    try onSharedExecutor((parts, name, folder)) { directory, write throws(AtomicFile.SystemError) in
      try directory.writer.write(write.0, name: write.1, in: write.2)
    }
  }
}

extension FileSystemStoreDirectory {
  /// Throws ``FileFeedStoreError/invalidLocation(_:)`` when the directory's URL is not a usable file URL.
  nonisolated func checkLocation() throws(FileFeedStoreError) {
    if let invalidLocation { throw invalidLocation }
  }

  /// Reads and decodes the file at `file` (the feed or the search): `nil` when there is none.
  nonisolated func readFile<Value>(
    _ file: String, _ decode: (Data) throws(BinaryReader.Malformed) -> Value
  ) throws(FileFeedStoreError) -> Value? {
    try checkLocation()
    guard let data = try AtomicFile.readCache(file, limit: maximumFileSize) else { return nil }
    do {
      return try decode(data)
    } catch {
      throw .corrupt(path: file, reason: error.reason)
    }
  }

  /// Replaces the file at `file` with `bytes`, atomically and durably.
  nonisolated func writeFile(_ bytes: [UInt8], to file: String) throws(FileFeedStoreError) {
    try checkLocation()
    do {
      try write(Data(bytes), to: file)
    } catch {
      throw .insertionFailed(path: file, reason: error.reason)
    }
  }

  /// Deletes the file at `file`; no file is not an error, and something else in its place (a directory) is removed.
  nonisolated func removeFile(_ file: String) throws(FileFeedStoreError) {
    try checkLocation()
    do throws(AtomicFile.SystemError) {
      do throws(AtomicFile.SystemError) {
        try AtomicFile.remove(file)
      } catch  where error.code == EISDIR || error.code == EPERM {
        var info = stat()
        guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { throw error }
        try AtomicFile.removeItem(file)
      }
    } catch {
      throw .deletionFailed(path: file, reason: error.reason)
    }
  }
}

extension Actor {
  /// Runs `body` isolated to this actor from an actor that shares its serial executor (a store on a
  /// ``FileSystemStoreDirectory``, or ``FileSystemFeedStore`` on its stores), synchronously: no suspension, so the
  /// caller's operation stays atomic. Traps, as `assumeIsolated(_:)` does, when not on this actor's executor.
  ///
  /// `body` gets what it needs as `argument` and captures nothing, so it has no context to allocate: it is called as
  /// `assumeIsolated(_:)` calls its own, as a function of a nonisolated `Self`, once the executor is checked. (That
  /// one converts its closure with `withoutActuallyEscaping`, which allocates a context on every call: through it,
  /// `scripts/bench --instructions` counted 6 % more for the file-system pending likes pair, 2 % more for its image
  /// inserts.) A `body` that captures still works, at the cost of that allocation.
  @inline(__always)
  nonisolated func onSharedExecutor<Argument: Sendable, T: Sendable, E: Error>(
    _ argument: Argument, _ body: @escaping (isolated Self, Argument) throws(E) -> T
  ) throws(E) -> T {
    preconditionIsolated("not on the serial executor this actor shares")
    let call = unsafeBitCast(body, to: ((Self, Argument) throws(E) -> T).self)
    return try call(self, argument)
  }

  /// `onSharedExecutor(_:_:)` for an operation that takes no argument.
  @inline(__always)
  nonisolated func onSharedExecutor<T: Sendable, E: Error>(
    _ body: @escaping (isolated Self) throws(E) -> T
  ) throws(E) -> T {
    preconditionIsolated("not on the serial executor this actor shares")
    let call = unsafeBitCast(body, to: ((Self) throws(E) -> T).self)
    return try call(self)
  }
}
