import EssentialFeed
import EssentialFeedCache
import Foundation

extension HistorySweeps {
  /// Something kept in every capability, then each capability's deletes and empty replaces, each followed by a read of
  /// every other: a store that keeps several capabilities keeps each through the others' writes, by construction.
  mutating func isolationSweep() -> [ModelOperation] {
    var sweep: [ModelOperation] = []
    for capability in plan.capabilities { sweep += applied(fill(capability)) }
    for capability in plan.capabilities {
      sweep += applied(wipe(capability))
      for other in plan.capabilities where other != capability { sweep += applied(read(other)) }
      sweep += applied(fill(capability))
    }
    return sweep
  }

  private mutating func fill(_ capability: HistoryPlan.Capability) -> [ModelOperation] {
    let timestamp = AdversarialValues.timestamp(using: &rng)
    switch capability {
    case .feed: return [.insertFeed(generator.someImages(upTo: 2), timestamp)]
    case .search: return [.replaceSearch(generator.someImages(upTo: 2), "kyoto", timestamp)]
    case .pages: return [.appendPage(generator.someImages(upTo: 2))]
    case .images: return [.insertImage(Data("kept".utf8), namespaced(AdversarialURL.any(using: &rng)))]
    case .likes:
      let action = PendingLikeAction(
        id: Fixtures.uuid(using: &rng), imageID: Fixtures.uuid(using: &rng), kind: .like, timestamp: timestamp)
      generator.actions.append(action)
      return [.enqueue(action)]
    }
  }

  private func wipe(_ capability: HistoryPlan.Capability) -> [ModelOperation] {
    let now = Date(timeIntervalSinceReferenceDate: 0)
    switch capability {
    case .feed: return [.replaceFeed([], now), .deleteFeed]
    case .search: return [.replaceSearch([], "kyoto", now), .deleteSearch]
    case .pages: return [.replacePages([]), .deletePages]
    case .images: return plan.limitedImages ? [.deleteAllImages] : []
    case .likes: return model.likes.stored.map(ModelOperation.removeIfPending)
    }
  }

  private func read(_ capability: HistoryPlan.Capability) -> [ModelOperation] {
    switch capability {
    case .feed: [.retrieveFeed]
    case .search: [.retrieveSearch]
    case .pages: [.pageCount]
    case .images: model.images.urls.map(ModelOperation.retrieveImage)
    case .likes: [.pendingActions]
    }
  }

  /// `operations`, applied to the model as they are drawn.
  private mutating func applied(_ operations: [ModelOperation]) -> [ModelOperation] {
    for operation in operations { _ = model.apply(operation) }
    return operations
  }
}
