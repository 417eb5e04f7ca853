import EssentialFeed
import EssentialFeedCache
import Foundation

extension HistoryRun {
  /// Runs one step; returns what went wrong, or `nil`.
  mutating func step(_ operation: ModelOperation) async throws -> String? {
    switch operation {
    case .reopen:
      await release()
      primary = try await make()
      return nil
    case .onSecondInstance(let inner) where inner.clockStep == 0:
      let stores = try await secondInstance(for: inner)
      return await expect(inner, on: stores)
    case .cancelled(let inner):
      return await cancelled(inner)
    case .together(let operations):
      return try await together(operations)
    case .advanceClock, .onSecondInstance(.advanceClock):
      setup.clock.advance(by: operation.clockStep)
      _ = model.apply(operation)
      guard let stores = primary else { return nil }
      // Every image is read right away: the expired ones must miss (and none lingers), the others must not.
      for url in model.images.urls {
        if let message = await expect(.retrieveImage(url), on: stores) { return "then, read: \(message)" }
      }
      return nil
    default:
      guard let stores = primary else { return nil }
      return await expect(operation, on: stores)
    }
  }

  /// Runs `operation` on `stores` and compares what it gave with the model.
  mutating func expect(_ operation: ModelOperation, on stores: StoreCapabilities) async -> String? {
    let observed = await OperationRunner.perform(operation, on: stores)
    let expected = model.apply(operation)
    guard expected.allows(observed) else { return expected.difference(from: observed) }
    model.settle(operation, observed)
    return nil
  }

  /// The second instance, made on first use; an image store shared by two live instances may evict what the other
  /// read, so from then on the model allows a miss.
  mutating func secondInstance(for operation: ModelOperation) async throws -> StoreCapabilities {
    if operation.touchesImages { model.images.kind = plan.imageKind(sharedByTwoInstances: true) }
    if let second { return second }
    let made = try await make()
    second = made
    return made
  }

  /// Flushes every limited image store, then lets every instance go.
  mutating func release() async {
    for stores in [primary, second].compactMap({ $0 }) {
      _ = try? await stores.limitedImages?.flush()
    }
    primary = nil
    second = nil
  }

  /// A write from a cancelled task may fail; it then leaves the old state or the new, never a part of the new. A write
  /// that succeeded must have had its whole effect; a read may fail, or give what the model says.
  private mutating func cancelled(_ operation: ModelOperation) async -> String? {
    guard let stores = primary else { return nil }
    var applied = model
    let expected = applied.apply(operation)
    let observed = await OperationRunner.performCancelled(operation, on: stores)
    guard case .threw = observed else {
      guard expected.allows(observed) else { return expected.difference(from: observed) }
      model = applied
      model.settle(operation, observed)
      return nil
    }
    guard operation.isWrite, let probe = operation.probe else { return nil }
    let read = await OperationRunner.perform(probe, on: stores)
    var old = model
    let asNew = applied.apply(probe)
    let asOld = old.apply(probe)
    if asNew.allows(read) {
      model = applied
    } else if asOld.allows(read) {
      model = old
    } else {
      return "it failed, and left neither the state before it nor the state after it; \(probe) then: "
        + asNew.difference(from: read)
    }
    model.settle(probe, read)
    return nil
  }
}

extension ModelOperation {
  /// The read that shows a write's whole effect, for a cancelled write that failed.
  var probe: ModelOperation? {
    switch self {
    case .insertFeed, .replaceFeed, .deleteFeed: .retrieveFeed
    case .replaceSearch, .appendSearch, .deleteSearch: .retrieveSearch
    case .appendPage, .replacePages, .deletePages: .pageAfter(nil, .max)
    case .enqueue, .removeIfPending: .pendingActions
    case .insertImage(_, let url): .retrieveImage(url)
    case .deleteAllImages: .imageSize
    default: nil
    }
  }

  /// Whether the operation is about image data.
  var touchesImages: Bool {
    switch self {
    case .insertImage, .retrieveImage, .imageSize, .deleteAllImages, .flushImages, .advanceClock: true
    case .cancelled(let inner), .onSecondInstance(let inner): inner.touchesImages
    case .together(let operations): operations.contains { $0.touchesImages }
    default: false
    }
  }

  /// How far an `advanceClock` step moves the clock.
  var clockStep: TimeInterval {
    switch self {
    case .advanceClock(let seconds): seconds
    case .onSecondInstance(let inner): inner.clockStep
    default: 0
    }
  }
}
