import EssentialFeed
import Foundation
import Testing

extension PendingLikeActionStoreSpec {
  /// 16 threads each enqueue an action on an image of their own while 8 more enqueue on one shared image and then
  /// remove their own action: every image of its own is kept, and the shared image ends with nothing pending (the
  /// last action enqueued on it is removed by its own thread, whatever the interleaving).
  static func verifyConcurrentChanges(_ sut: any PendingLikeActionStore, sourceLocation: SourceLocation) async throws {
    let shared = UUID()
    let own = (0..<16).map {
      PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Fixtures.preciseTimestamp(offset: Double($0)))
    }
    let contended = (0..<8).map {
      PendingLikeAction(
        imageID: shared, kind: $0 % 2 == 0 ? .like : .discard,
        timestamp: Fixtures.preciseTimestamp(offset: 100 + Double($0)))
    }
    let gate = StartingGate(parties: own.count + contended.count)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, action) in (own + contended).enumerated() {
        group.addTask(executorPreference: OperationThreadExecutor.shared[index % OperationThreadExecutor.shared.count])
        {
          await gate.arriveAndWait()
          try await sut.enqueue(action)
          if action.imageID == shared { try await sut.removeIfPending(action) }
        }
      }
      try await group.waitForAll()
    }
    try await expectPending(sut, own, "after 24 concurrent enqueues and 8 removes", sourceLocation)
  }

  /// A batch removal is the single removals in one change: of an answered action, one listed twice, an older one a
  /// newer replaced and one never stored, it removes the pending ones, once each, and returns them in order.
  static func verifyBatchRemoval(_ sut: any PendingLikeActionStore, sourceLocation: SourceLocation) async throws {
    let at = { (offset: TimeInterval) in Fixtures.preciseTimestamp(offset: offset) }
    let (kept, first, second) = (UUID(), UUID(), UUID())
    let older = PendingLikeAction(imageID: UUID(), kind: .like, timestamp: at(0))
    let newer = PendingLikeAction(imageID: older.imageID, kind: .discard, timestamp: at(3))
    let actions = [
      PendingLikeAction(imageID: kept, kind: .like, timestamp: at(1)), older, newer,
      PendingLikeAction(imageID: first, kind: .like, timestamp: at(2)),
      PendingLikeAction(imageID: second, kind: .discard, timestamp: at(2)),
    ]
    for action in actions { try await sut.enqueue(action) }
    let unknown = PendingLikeAction(imageID: kept, kind: .discard, timestamp: at(4))
    let removed = try await sut.removeIfPending([actions[4], older, unknown, actions[3], actions[4]])
    if removed != [actions[4], actions[3]] {
      Issue.record(
        "a batch removal returned \(removed.map(Shown.action)), expected \([actions[4], actions[3]].map(Shown.action))",
        sourceLocation: sourceLocation)
      return
    }
    guard try await expectPending(sut, [actions[0], newer], "after a batch removal", sourceLocation) else { return }
    let none = try await sut.removeIfPending([])
    if !none.isEmpty { Issue.record("an empty batch removed \(none.count)", sourceLocation: sourceLocation) }
    try await expectPending(sut, [actions[0], newer], "after an empty batch", sourceLocation)
  }
}

/// Checks the store's pending actions are exactly `expected`, in order, naming the first difference.
@discardableResult
func expectPending(
  _ sut: any PendingLikeActionStore, _ expected: [PendingLikeAction], _ context: String,
  _ sourceLocation: SourceLocation
) async throws -> Bool {
  let got = try await sut.pendingActions()
  guard let difference = Difference.between(got: got, expected: expected) else { return true }
  let shown = { (actions: [PendingLikeAction]) in
    actions.count > 6 ? "\(actions.count) actions" : "\(actions.map(Shown.action))"
  }
  Issue.record(
    "\(context): pending actions \(shown(got)), expected \(shown(expected)): \(difference)",
    sourceLocation: sourceLocation)
  return false
}
