import EssentialFeed
import Foundation

/// The last keyword search as the domain reads it: ``CachedSearch`` with its results as `FeedImage`s, which a store
/// that keeps them hands back as they are, where mapping ``CachedSearch/results`` would copy every image.
public struct CachedFeedSearch: Hashable, Sendable {
  /// The keyword, exactly as searched.
  public let keyword: String
  /// The results of every page loaded, in order.
  public let results: [FeedImage]
  /// When the search was made (its first page).
  public let timestamp: Date

  /// Creates a cached search of the domain's images.
  ///
  /// - Parameters:
  ///   - keyword: The keyword, exactly as searched.
  ///   - results: The results of every page loaded, in order.
  ///   - timestamp: When the search was made.
  public init(keyword: String, results: [FeedImage], timestamp: Date) {
    self.keyword = keyword
    self.results = results
    self.timestamp = timestamp
  }

  /// The search a store keeps as ``CachedSearch``, its results mapped to the domain's images.
  ///
  /// - Parameter search: The search as a store keeps it.
  public init(_ search: CachedSearch) {
    self.init(keyword: search.keyword, results: search.results.map(FeedImage.init), timestamp: search.timestamp)
  }
}

extension CachedSearch {
  /// The search as a store keeps it, its results mapped from the domain's images.
  ///
  /// - Parameter search: The search of the domain's images.
  public init(_ search: CachedFeedSearch) {
    self.init(keyword: search.keyword, results: search.results.map(LocalFeedImage.init), timestamp: search.timestamp)
  }
}
