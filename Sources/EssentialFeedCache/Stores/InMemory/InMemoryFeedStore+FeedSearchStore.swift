import Foundation

extension InMemoryFeedStore: FeedSearchStore {
  /// The search kept, or `nil`.
  public func retrieveSearch() -> CachedSearch? {
    search
  }

  /// Replaces the search kept with `results` for `keyword`.
  public func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) {
    search = CachedSearch(keyword: keyword, results: results, timestamp: timestamp)
  }

  /// Appends `results` when the search kept is for exactly `keyword`; otherwise changes nothing.
  public func appendToSearch(_ results: [LocalFeedImage], for keyword: String) {
    guard let kept = search, kept.keyword.unicodeScalars.elementsEqual(keyword.unicodeScalars) else { return }
    search = CachedSearch(keyword: keyword, results: kept.results + results, timestamp: kept.timestamp)
  }

  /// Deletes the search kept.
  public func deleteSearch() {
    search = nil
  }
}
