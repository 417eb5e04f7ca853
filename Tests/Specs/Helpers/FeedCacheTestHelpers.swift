import EssentialFeed
import EssentialFeedCache
import Foundation

/// A feed of two unique images, as the domain and as the cache see it.
func uniqueFeed() -> (models: [FeedImage], local: [LocalFeedImage]) {
  let models = [uniqueImage(), uniqueImage(description: nil, location: nil)]
  return (models, models.map(LocalFeedImage.init))
}

func uniqueImage(description: String? = "any", location: String? = "any") -> FeedImage {
  FeedImage(id: UUID(), description: description, location: location, url: anyURL())
}

/// A fixed "now" with sub-second precision, so every spec states its dates relative to it.
let fixedCurrentDate = Date(timeIntervalSince1970: 1_700_000_000.123_456)

extension Date {
  /// The age at which a cache expires, counted back from this date: 7 Gregorian calendar days ago.
  func minusFeedCacheMaxAge() -> Date {
    adding(days: -7)
  }
}
