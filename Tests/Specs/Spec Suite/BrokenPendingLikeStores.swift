import EssentialFeed
import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Testing

/// A pending like store with one bug, chosen per spec of `PendingLikeActionStoreSpec`.
actor BrokenPendingLikeStore: PendingLikeActionStore {
  enum Bug {
    case startsWithAnAction, roundsTimestamps, keepsOlderAction, listsInStoredOrder, removeKeepsAction
    case removesByImage, removesOldestWhenUnknown, tornEnqueue, tiesNewestFirst, removesByKind, batchRemovesByImage
  }

  private let bug: Bug
  private var actions: [PendingLikeAction]

  init(_ bug: Bug) {
    self.bug = bug
    actions =
      bug == .startsWithAnAction ? [PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date())] : []
  }

  func enqueue(_ action: PendingLikeAction) async {
    var action = action
    if bug == .roundsTimestamps {
      let rounded = (action.timestamp.timeIntervalSinceReferenceDate * 1_000).rounded() / 1_000
      action = PendingLikeAction(
        id: action.id, imageID: action.imageID, kind: action.kind,
        timestamp: Date(timeIntervalSinceReferenceDate: rounded))
    }
    var kept = actions
    if bug == .tornEnqueue { await Task.yield() }  // reads, suspends, then writes what it read: a lost update
    if bug != .keepsOlderAction { kept.removeAll { $0.imageID == action.imageID } }
    kept.append(action)
    actions = kept
  }

  func pendingActions() -> [PendingLikeAction] {
    switch bug {
    case .listsInStoredOrder: actions
    case .tiesNewestFirst: actions.reversed().sorted { $0.timestamp < $1.timestamp }
    default: actions.sorted { $0.timestamp < $1.timestamp }
    }
  }

  func removeIfPending(_ action: PendingLikeAction) -> Bool {
    switch bug {
    case .removeKeepsAction: return actions.contains { $0.id == action.id }
    case .removesByImage:
      let count = actions.count
      actions.removeAll { $0.imageID == action.imageID }
      return actions.count < count
    case .removesByKind:  // the image's action of that kind, whichever it is
      let count = actions.count
      actions.removeAll { $0.imageID == action.imageID && $0.kind == action.kind }
      return actions.count < count
    case .removesOldestWhenUnknown where !actions.contains { $0.id == action.id }:
      if !actions.isEmpty { actions.removeFirst() }
      return false
    default:
      let count = actions.count
      actions.removeAll { $0.id == action.id }
      return actions.count < count
    }
  }

  func removeIfPending(_ batch: [PendingLikeAction]) -> [PendingLikeAction] {
    guard bug == .batchRemovesByImage else { return batch.filter { removeIfPending($0) } }
    return batch.filter { action in  // the single removal compares ids; the batch, images
      let count = actions.count
      actions.removeAll { $0.imageID == action.imageID }
      return actions.count < count
    }
  }
}

extension PendingLikeActionStoreSpec {
  /// The broken store this spec must fail, and a piece of the failure it must report.
  var broken: (bug: BrokenPendingLikeStore.Bug, expected: String) {
    switch self {
    case .emptyHasNothingPending: (.startsWithAnAction, "an empty store: pending actions [\"like ")
    case .actionRoundTripsExactly: (.roundsTimestamps, "after two enqueues: pending actions")
    case .newerActionReplacesOlder: (.keepsOlderAction, "after a newer action on the same image")
    case .listedOldestFirst: (.listsInStoredOrder, "three images stored out of order")
    case .removingThePendingActionRemovesIt: (.removeKeepsAction, "after the removal: pending actions")
    case .olderAnswerNeverRemovesNewer: (.removesByImage, "the older action")
    case .removingUnknownChangesNothing: (.removesOldestWhenUnknown, "listing: pending actions []")
    case .concurrentChangesAreLinearizable: (.tornEnqueue, "after 24 concurrent enqueues and 8 removes")
    case .generatedHistoriesMatchTheModel: (.removesByKind, "PA-14 generated history")
    case .batchRemovalMatchesSingleOnes: (.batchRemovesByImage, "a batch removal returned")
    case .actionsPastSixteenBits:
      (.roundsTimestamps, "65540 actions stored newest first: pending actions 65536 actions")
    }
  }
}

@Suite("Every pending like store spec fails its broken store", .serialized)
struct SpecSuitePendingLikeSpecs {
  @Test(
    "SS-32 each PendingLikeActionStore spec fails the store with its bug",
    arguments: PendingLikeActionStoreSpec.allCases)
  func pendingLikeStoreSpec(_ spec: PendingLikeActionStoreSpec) async throws {
    let (bug, expected) = spec.broken
    try await withKnownIssue {
      // PA-15's 65,540 actions: a store that keeps at most 65,536, quick enough to fill (BrokenPendingLikeStore is not)
      try await spec.verify {
        spec == .actionsPastSixteenBits
          ? CappedPendingLikeStore() as any PendingLikeActionStore : BrokenPendingLikeStore(bug)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test(
    "SS-41 the tie order and a second action of the same kind each fail a store with that bug",
    arguments: [
      (
        PendingLikeActionStoreSpec.listedOldestFirst, BrokenPendingLikeStore.Bug.tiesNewestFirst,
        "a fourth image stored last with an equal timestamp"
      ),
      (
        .olderAnswerNeverRemovesNewer, .removesByKind,
        "the answer to the first of two likes: removeIfPending returned true"
      ),
    ])
  func normalisationRules(spec: PendingLikeActionStoreSpec, bug: BrokenPendingLikeStore.Bug, expected: String)
    async throws
  {
    try await withKnownIssue {
      try await spec.verify { BrokenPendingLikeStore(bug) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }
}

/// A pending like store that swallows its failures: an empty queue for a failed read, nothing for a failed write.
struct SwallowingPendingLikeStore: PendingLikeActionStore {
  func enqueue(_ action: PendingLikeAction) async {}
  func pendingActions() async -> [PendingLikeAction] { [] }
  func removeIfPending(_ action: PendingLikeAction) async -> Bool { false }
}

@Suite("Every durable pending like store spec fails its broken store", .serialized)
struct SpecSuiteDurablePendingLikeSpecs {
  @Test(
    "SS-33 each persistent pending like spec fails a store that keeps nothing across instances",
    arguments: PersistentPendingLikeActionStoreSpec.allCases)
  func persistentSpec(_ spec: PersistentPendingLikeActionStoreSpec) async throws {
    let expected =
      switch spec {
      case .secondInstanceListsTheActions: "a second instance: pending actions []"
      case .changesSeenAcrossInstances: "after a replacement and removals: pending actions []"
      case .generatedHistoriesMatchTheModel: "PAP-3 generated history"
      case .damagedFilesAreErrors: "PAP-4"  // needs real files: run through expectDamageCaught below
      }
    if spec == .damagedFilesAreErrors {
      return try await expectDamageCaught("PAP-4") { disk in
        try await spec.verify { FlawedStore(.damagedLinesSkipped, disk: disk) }
      }
    }
    try await withKnownIssue {
      try await spec.verify { InMemoryFeedStore() }  // a new, empty store each time: nothing persists
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test(
    "SS-33 each failable pending like spec fails a store that swallows its failures",
    arguments: FailablePendingLikeActionStoreSpec.allCases)
  func failableSpec(_ spec: FailablePendingLikeActionStoreSpec) async throws {
    let expected =
      switch spec {
      case .unreadableStoreThrows: "first listing of a damaged store: succeeded, expected an error"
      case .unwritableStoreThrows: "enqueue where nothing can be written: succeeded, expected an error"
      }
    let swallowing = PendingLikeActionStoreFailures(
      retrieval: { SwallowingPendingLikeStore() }, writing: { SwallowingPendingLikeStore() })
    try await withKnownIssue {
      try await spec.verify(swallowing)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test("SS-60 PAF-2 fails a store whose failed batch removal removed some of the batch")
  func failedBatchRemovalRemovesNothing() async throws {
    let halfBatch = PendingLikeActionStoreFailures(
      retrieval: { HalfBatchRemovingStore() }, writing: { HalfBatchRemovingStore() })
    try await withKnownIssue {
      try await FailablePendingLikeActionStoreSpec.unwritableStoreThrows.verify(halfBatch)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("after a failed batch removal, against the actions before it") }
    }
  }
}

/// A store where nothing can be written whose batch removal is not atomic: it removes the first action, then fails.
actor HalfBatchRemovingStore: PendingLikeActionStore {
  private struct ReadOnly: Error {}
  private var actions = (0..<2).map {
    PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: Double($0)))
  }

  func enqueue(_ action: PendingLikeAction) throws { throw ReadOnly() }
  func pendingActions() -> [PendingLikeAction] { actions }
  func removeIfPending(_ action: PendingLikeAction) throws -> Bool { throw ReadOnly() }

  func removeIfPending(_ batch: [PendingLikeAction]) throws -> [PendingLikeAction] {
    actions.removeAll { $0.id == batch.first?.id }
    throw ReadOnly()
  }
}

/// Keeps at most 65,536 pending actions, as a store with a 16-bit count or a fixed-size queue would: past that, the
/// oldest stored goes.
actor CappedPendingLikeStore: PendingLikeActionStore {
  private let store = InMemoryFeedStore()
  private var stored: [PendingLikeAction] = []
  private var first = 0

  func enqueue(_ action: PendingLikeAction) async {
    await store.enqueue(action)
    stored.append(action)
    if stored.count - first > 65_536 {
      _ = await store.removeIfPending(stored[first])
      first += 1
    }
  }

  func pendingActions() async -> [PendingLikeAction] { await store.pendingActions() }

  func removeIfPending(_ action: PendingLikeAction) async -> Bool { await store.removeIfPending(action) }
}
