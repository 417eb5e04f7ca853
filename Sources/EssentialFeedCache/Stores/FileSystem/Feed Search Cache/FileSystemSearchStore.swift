import Foundation

/// The last search in a shared ``FileSystemStoreDirectory``: one file, `search.cache` (the feed file's format with
/// the keyword first), replaced atomically and durably by every change. Changes hold `search.lock`, so an append by
/// another instance or process between a read and its write is never lost.
///
/// An actor on the directory's executor whose operations never suspend: each is atomic, histories are linearizable.
public actor FileSystemSearchStore: FeedSearchStore {
  /// The directory the search file lives in.
  public nonisolated let directory: FileSystemStoreDirectory
  /// The search file, beside the feed file.
  let searchPath: String
  /// `search.lock`, held by every change.
  let lock: DirectoryLock

  /// The directory's executor: this store's operations and other stores' on the directory never interleave.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { directory.unownedExecutor }

  /// Creates the search store in `directory`. Nothing is read or written until an operation.
  ///
  /// - Parameter directory: The directory, shared with the other stores on it.
  public init(directory: FileSystemStoreDirectory) {
    self.directory = directory
    searchPath = directory.file("search.cache")
    lock = DirectoryLock("search.lock", in: directory)
  }

  /// Closes the lock file, if open; the next change opens it again. Nothing else stays open between operations.
  public func close() {
    lock.closeFile()
  }

  /// The search kept, or `nil`.
  ///
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` when the search file cannot be read or is larger
  ///   than the directory's limit; ``FileFeedStoreError/corrupt(path:reason:)`` when it fails validation;
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func retrieveSearch() throws(FileFeedStoreError) -> CachedSearch? {
    try directory.readFile(searchPath, FeedFileFormat.decodeSearch)
  }

  /// Replaces the search kept, atomically and durably.
  ///
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, the search kept then unchanged.
  public func replaceSearch(
    with results: [LocalFeedImage], for keyword: String, timestamp: Date
  ) throws(FileFeedStoreError) {
    try lock.holding { () throws(FileFeedStoreError) in
      try directory.writeFile(FeedFileFormat.encode(results, timestamp: timestamp, keyword: keyword), to: searchPath)
    }
  }

  /// Appends `results` when the search kept is for exactly `keyword` (the same Unicode scalars), rewriting the file
  /// atomically; otherwise changes nothing. Holds `search.lock` from the read to the write, so an append by another
  /// instance or process in between is never lost.
  ///
  /// - Throws: The errors of ``retrieveSearch()``; ``FileFeedStoreError/insertionFailed(path:reason:)``, the search
  ///   kept then unchanged.
  public func appendToSearch(_ results: [LocalFeedImage], for keyword: String) throws(FileFeedStoreError) {
    try lock.holding { () throws(FileFeedStoreError) in
      guard let kept = try retrieveSearch(), kept.keyword.unicodeScalars.elementsEqual(keyword.unicodeScalars) else {
        return
      }
      let encoded = FeedFileFormat.encode(kept.results + results, timestamp: kept.timestamp, keyword: kept.keyword)
      try directory.writeFile(encoded, to: searchPath)
    }
  }

  /// Deletes the search kept; the feed, image data and pending likes are other stores' and are kept.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)``.
  public func deleteSearch() throws(FileFeedStoreError) {
    try lock.holding(creating: false) { () throws(FileFeedStoreError) in
      try directory.removeFile(searchPath)
    }
  }
}
