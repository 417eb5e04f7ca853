import EssentialFeed
import EssentialFeedCache
import Foundation

/// Runs one operation on the stores under test and says what it gave; an error is an observation, not a failure.
enum OperationRunner {
  static func perform(_ operation: ModelOperation, on stores: StoreCapabilities) async -> Observation {
    do {
      return try await observe(operation, on: stores)
    } catch {
      return .threw(String(describing: error))
    }
  }

  /// Runs `operation` from a task cancelled before it starts.
  static func performCancelled(_ operation: ModelOperation, on stores: StoreCapabilities) async -> Observation {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await perform(operation, on: stores)
    }
    return await task.value
  }

  private static func observe(_ operation: ModelOperation, on stores: StoreCapabilities) async throws -> Observation {
    switch operation {
    case .insertFeed(let feed, let timestamp):
      try await require(stores.feed).insert(feed, timestamp: timestamp)
    case .replaceFeed(let feed, let timestamp):
      try await require(stores.feed).replaceCachedFeed(with: feed, timestamp: timestamp)
    case .deleteFeed: try await require(stores.feed).deleteCachedFeed()
    case .retrieveFeed: return .feed(try await require(stores.feed).retrieve())
    case .insertImage(let data, let url): try await require(stores.images).insert(data, for: url)
    case .retrieveImage(let url): return .data(try await require(stores.images).retrieve(dataForURL: url))
    case .imageSize: return .size(try await require(stores.limitedImages).storedImageDataSize())
    case .deleteAllImages: try await require(stores.limitedImages).deleteAllImageData()
    case .flushImages: try await require(stores.limitedImages).flush()
    // Writes of an odd number of images go through the domain's operations (SRS-13); reads read both ways.
    case .replaceSearch(let results, let keyword, let timestamp) where !results.count.isMultiple(of: 2):
      let feed = results.map(FeedImage.init)
      try await require(stores.search).replaceSearch(withFeed: feed, for: keyword, timestamp: timestamp)
    case .replaceSearch(let results, let keyword, let timestamp):
      try await require(stores.search).replaceSearch(with: results, for: keyword, timestamp: timestamp)
    case .appendSearch(let results, let keyword) where !results.count.isMultiple(of: 2):
      try await require(stores.search).appendFeedToSearch(results.map(FeedImage.init), for: keyword)
    case .appendSearch(let results, let keyword): try await require(stores.search).appendToSearch(results, for: keyword)
    case .deleteSearch: try await require(stores.search).deleteSearch()
    case .retrieveSearch:
      let search = try require(stores.search)
      let local = try await search.retrieveSearch()
      return bothWays(local, try await search.retrieveFeedSearch())
    case .appendPage(let images): return .page(try await require(stores.pages).appendPage(images))
    case .replacePages(let images): return .page(try await require(stores.pages).replacePages(with: images))
    case .pageAfter(let id, let limit):
      let pages = try require(stores.pages)
      let local = try await pages.retrievePage(after: id, limit: limit)
      return bothWays(local, try await pages.retrieveFeedPage(after: id, limit: limit))
    case .pageBefore(let id, let limit):
      let pages = try require(stores.pages)
      let local = try await pages.retrievePage(before: id, limit: limit)
      return bothWays(local, try await pages.retrieveFeedPage(before: id, limit: limit))
    case .pageCount: return .count(try await require(stores.pages).pageImageCount())
    case .deletePages: try await require(stores.pages).deletePages()
    case .enqueue(let action): try await require(stores.pendingLikes).enqueue(action)
    case .pendingActions: return .actions(try await require(stores.pendingLikes).pendingActions())
    case .removeIfPending(let action): return .removed(try await require(stores.pendingLikes).removeIfPending(action))
    case .advanceClock, .reopen, .together, .cancelled, .onSecondInstance: break
    }
    return .done
  }

  /// A page read both ways (FPS-17): the page when the domain's images are exactly the local ones, else an error that
  /// no model expects.
  private static func bothWays(_ local: [LocalFeedImage], _ domain: [FeedImage]) -> Observation {
    let mapped = domain.map(LocalFeedImage.init)
    guard let difference = Difference.between(got: mapped, expected: local) else { return .page(local) }
    return .threw("retrieveFeedPage differs from retrievePage: \(difference)")
  }

  /// A search read both ways (SRS-13): the search when the domain's is exactly the local one, else an error that no
  /// model expects.
  private static func bothWays(_ local: CachedSearch?, _ domain: CachedFeedSearch?) -> Observation {
    guard let difference = Difference.between(got: domain.map(CachedSearch.init), expected: local) else {
      return .search(local)
    }
    return .threw("retrieveFeedSearch differs from retrieveSearch: \(difference)")
  }

  private static func require<Store>(_ store: Store?) throws -> Store {
    guard let store else { throw MissingCapability() }
    return store
  }
}

/// An operation for a capability the stores under test do not have: the generator never makes one.
struct MissingCapability: Error, CustomStringConvertible {
  var description: String { "no store for this capability" }
}
