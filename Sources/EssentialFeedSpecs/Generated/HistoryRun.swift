import EssentialFeed
import EssentialFeedCache
import Foundation

/// What a history needs besides its operations: the image limits and the clock its stores are made with.
struct HistorySetup: Sendable {
  var imageLimits: ImageCacheLimits?
  var clock: SpecClock
  /// Where the clock started.
  var clockStart: Date
  /// Where the history's image URLs live.
  var namespace: Int
}

/// Where a history failed: the step (counted from 1), or none for what happened before or after its steps.
struct HistoryFailure: Error, Sendable {
  let step: Int?
  let message: String
}

/// One run of a history against new stores and a new model: the steps in order, each observation compared with what
/// the model allows, and at the end every capability read whole.
struct HistoryRun {
  let plan: HistoryPlan
  let setup: HistorySetup
  let makeStores: @Sendable (HistorySetup) async throws -> StoreCapabilities
  var model: ReferenceModel
  var primary: StoreCapabilities?
  var second: StoreCapabilities?
  /// The steps of writes at once run so far: they alternate between separate threads and one (``together(_:)``).
  var togetherRounds = 0

  init(
    plan: HistoryPlan, setup: HistorySetup,
    makeStores: @escaping @Sendable (HistorySetup) async throws -> StoreCapabilities
  ) {
    self.plan = plan
    self.setup = setup
    self.makeStores = makeStores
    let images = ImageReference(
      kind: plan.imageKind(sharedByTwoInstances: false), limits: setup.imageLimits, now: setup.clock.now())
    model = ReferenceModel(images: images)
  }

  /// Runs `history`; returns how it failed, or `nil` when every step gave what the model allows.
  mutating func run(_ history: [ModelOperation]) async -> HistoryFailure? {
    do {
      let stores = try await make()
      primary = stores
      if let message = await Self.empty(stores) {
        return HistoryFailure(step: nil, message: "emptying the store before the history: \(message)")
      }
      if let difference = await observeWhole(stores) {
        return HistoryFailure(step: nil, message: "the store made for this history is not empty: \(difference)")
      }
      for (index, operation) in history.enumerated() {
        if let message = try await step(operation) {
          return HistoryFailure(step: index + 1, message: "\(operation): \(message)")
        }
      }
      guard let stores = primary, let difference = await observeWhole(stores) else { return nil }
      return HistoryFailure(step: nil, message: "after the last step, reading everything back: \(difference)")
    } catch {
      return HistoryFailure(step: nil, message: "makeSUT threw \(error)")
    }
  }

  /// Empties every capability through its own operations, for a `makeSUT` that gives instances on one location.
  static func empty(_ stores: StoreCapabilities) async -> String? {
    do {
      try await stores.feed?.deleteCachedFeed()
      try await stores.search?.deleteSearch()
      try await stores.pages?.deletePages()
      for action in try await stores.pendingLikes?.pendingActions() ?? [] {
        try await stores.pendingLikes?.removeIfPending(action)
      }
      try await stores.limitedImages?.deleteAllImageData()
      return nil
    } catch {
      return "an operation threw \(error)"
    }
  }

  func make() async throws -> StoreCapabilities {
    try await makeStores(setup)
  }

  /// Reads every capability whole and compares it with the model: `nil` when all agree.
  mutating func observeWhole(_ stores: StoreCapabilities) async -> String? {
    let reads = WholeReads.of(stores, urls: model.images.urls)
    var observed: [Observation] = []
    for read in reads { observed.append(await OperationRunner.perform(read, on: stores)) }
    return WholeReads.compare(reads, observed, with: &model)
  }
}
