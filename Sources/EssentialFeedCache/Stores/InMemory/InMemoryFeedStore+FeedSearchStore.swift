import EssentialFeed
import Foundation

/// The search is kept as the domain's images: a search saved through ``LocalFeedSearchLoader`` is kept and handed back
/// as it came, with no copy; the ``CachedSearch`` operations map.
extension InMemoryFeedStore: FeedSearchStore {
  /// The search kept, or `nil`.
  public func retrieveSearch() -> CachedSearch? {
    search.map(CachedSearch.init)
  }

  /// Replaces the search kept with `results` for `keyword`.
  public func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) {
    replaceSearch(withFeed: results.map(FeedImage.init), for: keyword, timestamp: timestamp)
  }

  /// Appends `results` when the search kept is for exactly `keyword`; otherwise changes nothing.
  public func appendToSearch(_ results: [LocalFeedImage], for keyword: String) {
    appendFeedToSearch(results.map(FeedImage.init), for: keyword)
  }

  /// Deletes the search kept.
  public func deleteSearch() {
    search = nil
  }

  /// The search kept, as it was saved: no copy.
  public func retrieveFeedSearch() -> CachedFeedSearch? {
    search
  }

  /// Replaces the search kept with `feed` for `keyword`, keeping `feed` itself.
  public func replaceSearch(withFeed feed: [FeedImage], for keyword: String, timestamp: Date) {
    search = CachedFeedSearch(keyword: keyword, results: feed, timestamp: timestamp)
  }

  /// Appends `feed` when the search kept is for exactly `keyword`; otherwise changes nothing.
  public func appendFeedToSearch(_ feed: [FeedImage], for keyword: String) {
    guard let kept = search, kept.keyword.unicodeScalars.elementsEqual(keyword.unicodeScalars) else { return }
    search = CachedFeedSearch(keyword: keyword, results: kept.results + feed, timestamp: kept.timestamp)
  }
}
