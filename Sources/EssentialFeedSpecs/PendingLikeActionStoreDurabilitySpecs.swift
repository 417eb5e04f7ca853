import EssentialFeed
import Foundation
import Testing

/// The specs of a pending like store that persists: what one instance stored, the next one sees, exactly.
public enum PersistentPendingLikeActionStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// PAP-1: a second instance lists the first's actions exactly, oldest first.
  case secondInstanceListsTheActions
  /// PAP-2: a replacement and a compare-and-delete by one instance are seen by the next.
  case changesSeenAcrossInstances

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .secondInstanceListsTheActions: "PAP-1 a second instance lists the first's actions exactly, oldest first"
    case .changesSeenAcrossInstances: "PAP-2 a replacement and a removal by one instance are seen by the next"
    }
  }

  /// Runs this spec against instances from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes a new instance on the same location each time.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any PendingLikeActionStore
  ) async throws {
    try requireSwiftTesting()
    let actions = (0..<3).map {
      PendingLikeAction(
        imageID: UUID(), kind: $0 == 1 ? .discard : .like, timestamp: Fixtures.preciseTimestamp(offset: Double(2 - $0)))
    }
    for action in actions { try await makeSUT().enqueue(action) }
    switch self {
    case .secondInstanceListsTheActions:
      try await expectPending(makeSUT(), actions.reversed(), "a second instance", sourceLocation)
    case .changesSeenAcrossInstances:
      let newer = PendingLikeAction(
        imageID: actions[0].imageID, kind: .discard, timestamp: Fixtures.preciseTimestamp(offset: 3))
      try await makeSUT().enqueue(newer)
      _ = try await makeSUT().removeIfPending(actions[1])
      _ = try await makeSUT().removeIfPending(actions[0])  // replaced: must not remove the newer one
      try await expectPending(makeSUT(), [actions[2], newer], "after a replacement and removals", sourceLocation)
    }
  }
}

/// Two pending like stores, each made to fail: one whose reads fail (a damaged file), one where nothing can be
/// written.
public struct PendingLikeActionStoreFailures: Sendable {
  /// A store whose reads fail.
  public var retrieval: @Sendable () async throws -> any PendingLikeActionStore
  /// A store whose writes fail.
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
  /// PAF-2: a store that cannot be written throws on enqueue, and keeps nothing.
  case unwritableStoreThrows

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .unreadableStoreThrows: "PAF-1 an unreadable store throws on every listing and removal, never an empty queue"
    case .unwritableStoreThrows: "PAF-2 an unwritable store throws on enqueue and keeps nothing"
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
      let sut = try await failures.retrieval()
      for attempt in ["first", "second"] {
        guard
          await expectThrows(
            "\(attempt) listing of a damaged store", sourceLocation, { _ = try await sut.pendingActions() })
        else { return }
      }
      await expectThrows("a removal from a damaged store", sourceLocation) { _ = try await sut.removeIfPending(action) }
    case .unwritableStoreThrows:
      let sut = try await failures.writing()
      guard
        await expectThrows("enqueue where nothing can be written", sourceLocation, { try await sut.enqueue(action) })
      else { return }
      if let kept = try? await sut.pendingActions(), !kept.isEmpty {
        Issue.record("a failed enqueue kept \(kept.count) actions", sourceLocation: sourceLocation)
      }
    }
  }
}
