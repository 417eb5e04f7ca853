import EssentialFeed
import Foundation
import Testing

/// The specs every `PendingLikeActionStore` must pass: one pending action per image (the latest intent), listed
/// oldest first, stored exactly, and removed only by the answer to that very action.
///
/// ```swift
/// @Test(arguments: PendingLikeActionStoreSpec.allCases)
/// func myPendingLikes(_ spec: PendingLikeActionStoreSpec) async throws {
///   try await spec.verify { MyStore() }
/// }
/// ```
public enum PendingLikeActionStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// PA-1: an empty store has no pending actions.
  case emptyHasNothingPending
  /// PA-2: an action round-trips exactly: its ids, its kind and its timestamp to the bit.
  case actionRoundTripsExactly
  /// PA-3: a newer action on the same image replaces the older one: one action per image.
  case newerActionReplacesOlder
  /// PA-4: actions on different images are listed oldest timestamp first, whatever the order they were stored in.
  case listedOldestFirst
  /// PA-5: removing the pending action removes it, and only it.
  case removingThePendingActionRemovesIt
  /// PA-6: the answer to an older action never removes the newer one that replaced it.
  case olderAnswerNeverRemovesNewer
  /// PA-7: removing an action never stored changes nothing; listing has no side effects.
  case removingUnknownChangesNothing
  /// PA-8: concurrent enqueues and removes on separate threads: none is lost, none is torn.
  case concurrentChangesAreLinearizable
  /// PA-14: generated histories (with the store's other capabilities, and writes from cancelled tasks), with
  /// timestamps one bit apart and answers to old actions, agree with a reference model exactly.
  case generatedHistoriesMatchTheModel
  /// PA-15: more than 65,536 pending actions, a microsecond apart, are listed exactly and in order.
  case actionsPastSixteenBits
  /// PA-17: a batch removal removes what the single removals would, once each, and returns what it removed.
  case batchRemovalMatchesSingleOnes

  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .emptyHasNothingPending: "PA-1 an empty store has no pending actions"
    case .actionRoundTripsExactly: "PA-2 an action round-trips exactly: ids, kind, timestamp to the bit"
    case .newerActionReplacesOlder: "PA-3 a newer action on the same image replaces the older one"
    case .listedOldestFirst: "PA-4 actions on different images are listed oldest timestamp first"
    case .removingThePendingActionRemovesIt: "PA-5 removing the pending action removes it, and only it"
    case .olderAnswerNeverRemovesNewer: "PA-6 the answer to an older action never removes the newer one"
    case .removingUnknownChangesNothing: "PA-7 removing an action never stored changes nothing; listing changes nothing"
    case .concurrentChangesAreLinearizable: "PA-8 concurrent enqueues and removes: none lost, none torn"
    case .generatedHistoriesMatchTheModel: "PA-14 generated histories agree with the model exactly"
    case .actionsPastSixteenBits: "PA-15 65,540 pending actions a microsecond apart are listed exactly, in order"
    case .batchRemovalMatchesSingleOnes: "PA-17 a batch removal removes what single removals would, once each"
    }
  }

  /// Runs this spec against a store from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - seed: The seed of the generated spec, which every failure of it prints; by default
  ///     `ESSENTIALFEED_SPEC_SEED` or a random one. The other specs ignore it.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes the store under test, empty. It is called once; PA-14 calls it once per history (a store on
  ///     the same location as the last one is emptied through its own operations first).
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    seed: UInt64? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any PendingLikeActionStore
  ) async throws {
    try requireSwiftTesting()
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(.init(id: "PA-14", focus: .likes), seed: seed, sourceLocation: sourceLocation) {
        try await makeSUT()
      }
      return
    }
    let sut = try await makeSUT()
    let (first, second, third) = (UUID(), UUID(), UUID())
    let at = { (offset: TimeInterval) in Fixtures.preciseTimestamp(offset: offset) }
    let expect = { (expected: [PendingLikeAction], context: String) -> Void in
      try await expectPending(sut, expected, context, sourceLocation)
    }
    let removal = { (action: PendingLikeAction, expected: Bool, context: String) -> Bool in
      let removed = try await sut.removeIfPending(action)
      if removed != expected {
        Issue.record(
          "\(context): removeIfPending returned \(removed), expected \(expected)", sourceLocation: sourceLocation)
      }
      return removed == expected
    }
    switch self {
    case .generatedHistoriesMatchTheModel: return
    case .actionsPastSixteenBits:
      try await FieldWidths.verifyPendingLikes(sut, sourceLocation)
    case .emptyHasNothingPending: try await expect([], "an empty store")
    case .actionRoundTripsExactly:
      let actions = [
        PendingLikeAction(imageID: first, kind: .like, timestamp: at(0)),
        PendingLikeAction(imageID: second, kind: .discard, timestamp: at(0.000_000_1)),
      ]
      for action in actions { try await sut.enqueue(action) }
      try await expect(actions, "after two enqueues")
    case .newerActionReplacesOlder:
      try await sut.enqueue(PendingLikeAction(imageID: first, kind: .like, timestamp: at(0)))
      let newer = PendingLikeAction(imageID: first, kind: .discard, timestamp: at(1))
      try await sut.enqueue(newer)
      try await expect([newer], "after a newer action on the same image")
    case .listedOldestFirst:
      let actions = [at(2), at(0), at(1)].enumerated().map { index, timestamp in
        PendingLikeAction(imageID: [first, second, third][index], kind: .like, timestamp: timestamp)
      }
      for action in actions { try await sut.enqueue(action) }
      guard
        try await expectPending(
          sut, [actions[1], actions[2], actions[0]], "three images stored out of order", sourceLocation)
      else { return }
      let tie = PendingLikeAction(imageID: UUID(), kind: .discard, timestamp: at(0))  // ties: in the order stored
      try await sut.enqueue(tie)
      try await expect([actions[1], tie, actions[2], actions[0]], "a fourth image stored last with an equal timestamp")
    case .removingThePendingActionRemovesIt:
      let kept = PendingLikeAction(imageID: first, kind: .like, timestamp: at(0))
      let answered = PendingLikeAction(imageID: second, kind: .like, timestamp: at(1))
      for action in [kept, answered] { try await sut.enqueue(action) }
      _ = try await removal(answered, true, "removing the pending action")
      try await expect([kept], "after the removal")
    case .olderAnswerNeverRemovesNewer:
      let older = PendingLikeAction(imageID: first, kind: .like, timestamp: at(0))
      let newer = PendingLikeAction(imageID: first, kind: .discard, timestamp: at(1))
      try await sut.enqueue(older)
      try await sut.enqueue(newer)
      guard try await removal(older, false, "the answer to the older action"),
        try await expectPending(sut, [newer], "after the older action's answer", sourceLocation)
      else { return }
      let like = PendingLikeAction(imageID: second, kind: .like, timestamp: at(1))
      let again = PendingLikeAction(imageID: second, kind: .like, timestamp: at(2))
      for action in [like, again] { try await sut.enqueue(action) }  // the same kind, twice
      guard try await removal(like, false, "the answer to the first of two likes") else { return }
      try await expect([newer, again], "after a like, a like again, and the first like's answer")
    case .removingUnknownChangesNothing:
      let kept = PendingLikeAction(imageID: first, kind: .like, timestamp: at(0))
      try await sut.enqueue(kept)
      _ = try await removal(
        PendingLikeAction(imageID: second, kind: .like, timestamp: at(0)), false, "an unknown action")
      try await expect([kept], "first listing")
      try await expect([kept], "second listing")
    case .concurrentChangesAreLinearizable:
      try await Self.verifyConcurrentChanges(sut, sourceLocation: sourceLocation)
    case .batchRemovalMatchesSingleOnes: try await Self.verifyBatchRemoval(sut, sourceLocation: sourceLocation)
    }
  }
}
