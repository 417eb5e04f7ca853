import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

extension DamageSpec {
  /// Writes some of everything the stores keep, as the model says they keep it.
  static func fill(
    _ stores: StoreCapabilities, setup: HistorySetup, sourceLocation: SourceLocation
  ) async throws -> ReferenceModel? {
    let kind: ImageReference.Kind =
      setup.imageLimits != nil ? .leastRecentlyUsed : stores.limitedImages == nil ? .exact : .mayMiss
    var model = ReferenceModel(images: ImageReference(kind: kind, limits: setup.imageLimits, now: setup.clockStart))
    if let message = await HistoryRun.empty(stores) {
      Issue.record(
        Comment(rawValue: "emptying the store before damaging it: \(message)"), sourceLocation: sourceLocation)
      return nil
    }
    for operation in fillOperations(for: stores) {
      let observed = await OperationRunner.perform(operation, on: stores)
      let expected = model.apply(operation)
      guard expected.allows(observed) else {
        Issue.record(
          Comment(
            rawValue: "filling the store before damaging it: \(operation): \(expected.difference(from: observed))"),
          sourceLocation: sourceLocation)
        return nil
      }
    }
    _ = try? await stores.limitedImages?.flush()
    return model
  }

  private static func fillOperations(for stores: StoreCapabilities) -> [ModelOperation] {
    var rng = SplitMix64(seed: 39)
    let images = { (count: Int) in
      (0..<count).map { _ in
        LocalFeedImage(
          id: Fixtures.uuid(using: &rng), description: AdversarialText.short(using: &rng), location: "a place",
          url: AdversarialURL.any(using: &rng))
      }
    }
    let timestamp = Date(timeIntervalSinceReferenceDate: AdversarialValues.rebaseChangedSample)
    var operations: [ModelOperation] = []
    if stores.feed != nil { operations.append(.insertFeed(images(12), timestamp)) }
    if stores.search != nil {
      operations += [.replaceSearch(images(8), "kyoto", timestamp), .appendSearch(images(4), "kyoto")]
    }
    if stores.pages != nil { operations += [.appendPage(images(10)), .appendPage(images(10))] }
    if stores.pendingLikes != nil {
      operations += (0..<12).map {
        .enqueue(
          PendingLikeAction(
            id: Fixtures.uuid(using: &rng), imageID: Fixtures.uuid(using: &rng), kind: $0 % 3 == 0 ? .discard : .like,
            timestamp: timestamp + Double($0)))
      }
    }
    if stores.images != nil {
      operations += (0..<4).map {
        .insertImage(
          AdversarialValues.data(using: &rng, size: 3_000), Fixtures.url("https://images.example.com/\($0).png"))
      }
    }
    return operations
  }

  /// A new instance's whole reads after the damage: `nil` when each threw or gave no less than the model holds.
  static func readBack(
    _ setup: HistorySetup, _ filled: ReferenceModel,
    _ makeStores: @Sendable (HistorySetup) async throws -> StoreCapabilities
  ) async -> String? {
    guard let stores = try? await makeStores(setup) else { return nil }  // a store that cannot be made failed
    var model = filled
    for read in WholeReads.of(stores, urls: filled.images.urls) {
      let observed = await OperationRunner.perform(read, on: stores)
      let expected = model.apply(read)
      if observed.isShorter(than: expected) { return "\(read) gave \(observed) where it held \(expected)" }
    }
    return nil
  }
}

extension Observation {
  /// Whether this read gives less than `expected`: no feed, search or image where there was one, or fewer images,
  /// results or actions. An error is never shorter.
  func isShorter(than expected: Expectation) -> Bool {
    guard case .exactly(let held) = expected else { return false }
    switch (self, held) {
    case (.feed(let got), .feed(let wanted?)): return (got?.feed.count ?? -1) < wanted.feed.count
    case (.search(let got), .search(let wanted?)): return (got?.results.count ?? -1) < wanted.results.count
    case (.page(let got), .page(let wanted)): return got.count < wanted.count
    case (.count(let got), .count(let wanted)): return got < wanted
    case (.actions(let got), .actions(let wanted)): return got.count < wanted.count
    case (.data(let got), .data(let wanted?)): return (got?.count ?? -1) < wanted.count
    default: return false
    }
  }
}
