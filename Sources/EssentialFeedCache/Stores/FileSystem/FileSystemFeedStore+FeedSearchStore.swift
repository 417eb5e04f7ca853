import Foundation

extension FileSystemFeedStore: FeedSearchStore {
  /// The search file: the feed file's format with the keyword first, beside the feed file.
  var searchPath: String { StorePath.appending("search.cache", to: directoryPath) }

  /// The search kept, or `nil`.
  ///
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` or ``FileFeedStoreError/corrupt(path:reason:)``
  ///   as ``retrieve()`` does, for the search file.
  public func retrieveSearch() throws(FileFeedStoreError) -> CachedSearch? {
    try readFile(searchPath, FeedFileFormat.decodeSearch)
  }

  /// Replaces the search kept, atomically and durably.
  ///
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, the search kept then unchanged.
  public func replaceSearch(
    with results: [LocalFeedImage], for keyword: String, timestamp: Date
  ) throws(FileFeedStoreError) {
    try holding("search.lock", &searchLock) { () throws(FileFeedStoreError) in
      try writeFile(FeedFileFormat.encode(results, timestamp: timestamp, keyword: keyword), to: searchPath)
    }
  }

  /// Appends `results` when the search kept is for exactly `keyword` (the same Unicode scalars), rewriting the file
  /// atomically; otherwise changes nothing. Holds `search.lock` from the read to the write, so an append by another
  /// instance or process in between is never lost.
  public func appendToSearch(_ results: [LocalFeedImage], for keyword: String) throws(FileFeedStoreError) {
    try holding("search.lock", &searchLock) { () throws(FileFeedStoreError) in
      guard let kept = try retrieveSearch(), kept.keyword.unicodeScalars.elementsEqual(keyword.unicodeScalars) else {
        return
      }
      let encoded = FeedFileFormat.encode(kept.results + results, timestamp: kept.timestamp, keyword: kept.keyword)
      try writeFile(encoded, to: searchPath)
    }
  }

  /// Deletes the search kept.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)``.
  public func deleteSearch() throws(FileFeedStoreError) {
    try holding("search.lock", &searchLock, creating: false) { () throws(FileFeedStoreError) in
      try removeFile(searchPath)
    }
  }
}
