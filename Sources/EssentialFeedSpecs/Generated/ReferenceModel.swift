import EssentialFeed
import EssentialFeedCache
import Foundation

/// What a store should hold, said as plainly as it can be: the reference every generated history is checked
/// against, one capability beside the other, each untouched by the others' operations.
struct ReferenceModel: Sendable {
  var feed: CachedFeed?
  var search: CachedSearch?
  var pages = PageReference()
  var likes = PendingLikeReference()
  var images: ImageReference

  init(images: ImageReference) {
    self.images = images
  }

  /// Applies `operation` and says what the store may give for it.
  mutating func apply(_ operation: ModelOperation) -> Expectation {
    switch operation {
    case .insertFeed(let feed, let timestamp), .replaceFeed(let feed, let timestamp):
      self.feed = CachedFeed(feed: feed, timestamp: timestamp)
      return .exactly(.done)
    case .deleteFeed:
      feed = nil
      return .exactly(.done)
    case .retrieveFeed:
      return .exactly(.feed(feed))
    case .replaceSearch(let results, let keyword, let timestamp):
      search = CachedSearch(keyword: keyword, results: results, timestamp: timestamp)
      return .exactly(.done)
    case .appendSearch(let results, let keyword):
      if let kept = search, Exact.same(kept.keyword, keyword) {
        search = CachedSearch(keyword: kept.keyword, results: kept.results + results, timestamp: kept.timestamp)
      }
      return .exactly(.done)
    case .deleteSearch:
      search = nil
      return .exactly(.done)
    case .retrieveSearch:
      return .exactly(.search(search))
    case .appendPage, .replacePages, .pageAfter, .pageBefore, .pageCount, .deletePages:
      return pages.apply(operation)
    case .enqueue, .pendingActions, .removeIfPending:
      return likes.apply(operation)
    case .insertImage, .retrieveImage, .imageSize, .deleteAllImages, .flushImages, .advanceClock:
      return images.apply(operation)
    case .cancelled(let inner), .onSecondInstance(let inner):
      return apply(inner)
    case .reopen, .together:
      return .exactly(.done)
    }
  }

  /// Takes in what a store gave where the model allowed more than one outcome (a miss of a cache with limits).
  mutating func settle(_ operation: ModelOperation, _ observed: Observation) {
    switch operation {
    case .retrieveImage(let url): images.settle(url, observed)
    case .cancelled(let inner), .onSecondInstance(let inner): settle(inner, observed)
    default: break
    }
  }
}
