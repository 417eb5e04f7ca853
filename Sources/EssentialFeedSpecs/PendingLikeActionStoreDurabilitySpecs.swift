import EssentialFeed
import Foundation
import Testing

/// The specs of a pending like store that persists: what one instance stored, the next one sees, exactly.
public enum PersistentPendingLikeActionStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// PAP-1: a second instance lists the first's actions exactly, oldest first.
  case secondInstanceListsTheActions
  /// PAP-2: a replacement and a compare-and-delete by one instance are seen by the next.
  case changesSeenAcrossInstances
  /// PAP-3: generated histories through reopened instances and two live ones (their enqueues and removals at once)
  /// agree with a reference model exactly: none lost, none torn.
  case generatedHistoriesMatchTheModel
  /// PAP-4: each file of the store damaged in turn (its last byte or half of it cut, 16 bytes changed in the middle or
  /// at the end): a new instance throws, or gives no less than it held; never a shorter result, never a miss.
  case damagedFilesAreErrors

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .secondInstanceListsTheActions: "PAP-1 a second instance lists the first's actions exactly, oldest first"
    case .changesSeenAcrossInstances: "PAP-2 a replacement and a removal by one instance are seen by the next"
    case .generatedHistoriesMatchTheModel:
      "PAP-3 generated histories over two live instances and reopens agree with the model"
    case .damagedFilesAreErrors: "PAP-4 a damaged file is an error, never a shorter result"
    }
  }

  /// Runs this spec against instances from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - seed: The seed of the generated spec, which every failure of it prints; by default
  ///     `ESSENTIALFEED_SPEC_SEED` or a random one. The other specs ignore it.
  ///   - location: The directory whose files PAP-4 damages; by default the one `withTemporaryStoreDirectory` gave the
  ///     running test.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes a new instance on the same location each time.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    seed: UInt64? = nil, location: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any PendingLikeActionStore
  ) async throws {
    try requireSwiftTesting()
    if self == .damagedFilesAreErrors {
      try await DamageSpec.verify("PAP-4", location: location, limitsImages: false, sourceLocation: sourceLocation) {
        _ in StoreCapabilities(keptBy: try await makeSUT())
      }
      return
    }
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(
        .init(id: "PAP-3", focus: .likes, persistent: true), seed: seed, sourceLocation: sourceLocation
      ) { try await makeSUT() }
      return
    }
    let actions = (0..<3).map {
      PendingLikeAction(
        imageID: UUID(), kind: $0 == 1 ? .discard : .like, timestamp: Fixtures.preciseTimestamp(offset: Double(2 - $0)))
    }
    for action in actions { try await makeSUT().enqueue(action) }
    switch self {
    case .damagedFilesAreErrors:
      return
    case .generatedHistoriesMatchTheModel:
      return
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
