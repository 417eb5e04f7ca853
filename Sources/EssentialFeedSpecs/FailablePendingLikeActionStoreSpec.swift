import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

/// Two pending like stores, each made to fail: one whose reads fail (a damaged file), one where nothing can be
/// written.
///
/// The store whose writes fail should start with pending actions, as a store that worked and then lost its disk
/// does (enqueue with a working instance, then make the location read-only and open a new instance): the spec checks
/// a failed enqueue or removal keeps every action held before it, which a store that starts empty cannot show.
public struct PendingLikeActionStoreFailures: Sendable {
  /// A store whose reads fail.
  public var retrieval: @Sendable () async throws -> any PendingLikeActionStore
  /// A store whose writes fail; what it lists before is compared after each failed write.
  public var writing: @Sendable () async throws -> any PendingLikeActionStore

  /// Creates the two failing stores.
  ///
  /// - Parameters:
  ///   - retrieval: Makes a store whose reads fail.
  ///   - writing: Makes a store whose writes fail.
  public init(
    retrieval: @escaping @Sendable () async throws -> any PendingLikeActionStore,
    writing: @escaping @Sendable () async throws -> any PendingLikeActionStore
  ) {
    self.retrieval = retrieval
    self.writing = writing
  }
}

/// The specs of pending like stores that can fail: a failure is an error, never an empty queue, and changes nothing.
public enum FailablePendingLikeActionStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// PAF-1: a store that cannot be read throws on every listing and on a removal: never an empty queue.
  case unreadableStoreThrows
  /// PAF-2: a store that cannot be written throws on enqueue, on removing a pending action and on a batch removal
  /// (which then removes none of it), and still lists every action it held before.
  case unwritableStoreThrows

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .unreadableStoreThrows: "PAF-1 an unreadable store throws on every listing and removal, never an empty queue"
    case .unwritableStoreThrows: "PAF-2 an unwritable store throws on enqueue and removal and keeps its actions"
    }
  }

  /// Runs this spec against the failing stores, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - failures: The failing stores.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test.
  public func verify(_ failures: PendingLikeActionStoreFailures, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    try requireSwiftTesting()
    let action = PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Fixtures.preciseTimestamp())
    switch self {
    case .unreadableStoreThrows:
      guard let sut = await failingStore(failures.retrieval) else { return }
      for attempt in ["first", "second"] {
        guard
          await expectThrows(
            "\(attempt) listing of a damaged store", sourceLocation, { _ = try await sut.pendingActions() })
        else { return }
      }
      await expectThrows("a removal from a damaged store", sourceLocation) { _ = try await sut.removeIfPending(action) }
    case .unwritableStoreThrows:
      let check = "PAF-2's actions kept after a failed enqueue and removal"
      guard let sut = await failingStore(failures.writing) else { return madeNothing(check, sourceLocation) }
      let before = await contentsIfReadable(check, sourceLocation) { try await sut.pendingActions() }
      guard
        await expectThrows("enqueue where nothing can be written", sourceLocation, { try await sut.enqueue(action) }),
        let before,
        try await expectPending(sut, before, "after a failed enqueue, against the actions before it", sourceLocation)
      else { return }
      guard let pending = before.first else {
        return SkippedCheck.record(
          "PAF-2's failed removal was not checked: the store whose writes fail holds no action to remove",
          sourceLocation: sourceLocation)
      }
      await expectThrows("removal where nothing can be written", sourceLocation) {
        _ = try await sut.removeIfPending(pending)
      }
      guard
        try await expectPending(sut, before, "after a failed removal, against the actions before it", sourceLocation)
      else { return }
      await expectThrows("a batch removal where nothing can be written", sourceLocation) {
        _ = try await sut.removeIfPending(before)
      }
      try await expectPending(
        sut, before, "after a failed batch removal, against the actions before it", sourceLocation)
    }
  }
}
