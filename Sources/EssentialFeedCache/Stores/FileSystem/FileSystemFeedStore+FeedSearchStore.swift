import Foundation

extension FileSystemFeedStore: FeedSearchStore {
  /// The search file: the feed file's format with the keyword first, beside the feed file.
  var searchPath: String { (directoryPath as NSString).appendingPathComponent("search.cache") }

  /// The search kept, or `nil`.
  ///
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` or ``FileFeedStoreError/corrupt(path:reason:)``
  ///   as ``retrieve()`` does, for the search file.
  public func retrieveSearch() throws(FileFeedStoreError) -> CachedSearch? {
    try checkLocation()
    guard let data = try AtomicFile.readCache(searchPath, limit: maximumFileSize) else { return nil }
    do {
      return try FeedFileFormat.decodeSearch(data)
    } catch {
      throw .corrupt(path: searchPath, reason: error.reason)
    }
  }

  /// Replaces the search kept, atomically and durably.
  ///
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, the search kept then unchanged.
  public func replaceSearch(
    with results: [LocalFeedImage], for keyword: String, timestamp: Date
  ) throws(FileFeedStoreError) {
    try checkLocation()
    do {
      let bytes = FeedFileFormat.encode(results, timestamp: timestamp, keyword: keyword)
      try writer.write(Data(bytes), to: searchPath)
    } catch {
      throw .insertionFailed(path: searchPath, reason: error.reason)
    }
  }

  /// Appends `results` when the search kept is for exactly `keyword`, rewriting the file atomically; otherwise
  /// changes nothing.
  public func appendToSearch(_ results: [LocalFeedImage], for keyword: String) throws(FileFeedStoreError) {
    guard let kept = try retrieveSearch(), kept.keyword == keyword else { return }
    try replaceSearch(with: kept.results + results, for: keyword, timestamp: kept.timestamp)
  }

  /// Deletes the search kept.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)``.
  public func deleteSearch() throws(FileFeedStoreError) {
    try checkLocation()
    do {
      try AtomicFile.remove(searchPath)
    } catch {
      throw .deletionFailed(path: searchPath, reason: error.reason)
    }
  }
}
