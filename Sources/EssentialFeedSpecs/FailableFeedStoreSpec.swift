import EssentialFeedCache
import Foundation
import Testing

/// The specs of stores that can fail: a failure is an error, and a failed operation has no side effects.
///
/// "No side effects" means what the store retrieves after the failed operation is what it retrieved before it:
/// the same cache, or again an error.
///
/// ```swift
/// @Test(arguments: FailableFeedStoreSpec.allCases)
/// func myStoreFailures(_ spec: FailableFeedStoreSpec) async throws {
///   try await withTemporaryStoreDirectory { directory in
///     let corrupt = directory.appending(path: "corrupt/feed.store")
///     try writeCorruptStoreFile(at: corrupt)
///     let unwritable = try makeUnwritableStoreLocation(in: directory, named: "feed.store")
///     try await spec.verify(
///       FeedStoreFailures(
///         retrieval: { MyStore(storeURL: corrupt) },
///         insertion: { MyStore(storeURL: unwritable) },
///         deletion: { MyStore(storeURL: unwritable) }))
///   }
/// }
/// ```
public enum FailableFeedStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// FSF-1: retrieve delivers an error on a retrieval failure.
  case retrieveDeliversErrorOnFailure
  /// FSF-2: a retrieval failure has no side effects.
  case retrieveHasNoSideEffectsOnFailure
  /// FSF-3: insert delivers an error on an insertion failure.
  case insertDeliversErrorOnFailure
  /// FSF-4: an insertion failure has no side effects.
  case insertHasNoSideEffectsOnFailure
  /// FSF-5: delete delivers an error on a deletion failure.
  case deleteDeliversErrorOnFailure
  /// FSF-6: a deletion failure has no side effects.
  case deleteHasNoSideEffectsOnFailure

  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .retrieveDeliversErrorOnFailure: "FSF-1 retrieve delivers an error on a retrieval failure"
    case .retrieveHasNoSideEffectsOnFailure: "FSF-2 a retrieval failure has no side effects"
    case .insertDeliversErrorOnFailure: "FSF-3 insert delivers an error on an insertion failure"
    case .insertHasNoSideEffectsOnFailure: "FSF-4 an insertion failure has no side effects"
    case .deleteDeliversErrorOnFailure: "FSF-5 delete delivers an error on a deletion failure"
    case .deleteHasNoSideEffectsOnFailure: "FSF-6 a deletion failure has no side effects"
    }
  }

  /// Runs this spec against the failing stores `failures` makes, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - failures: How to make a store whose retrieval, insertion or deletion fails.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  /// A factory may throw: a store that fails when it is made (an idiomatic GRDB store opens and migrates in a throwing
  /// initializer) delivers its failure there, which counts as the error the spec expects; what can then not be
  /// checked (that a failed write kept the cache) is recorded as a warning, never passed silently.
  ///
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test.
  public func verify(_ failures: FeedStoreFailures, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try requireSwiftTesting()
    let insert = { @Sendable (sut: any FeedStore) in
      try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
    }
    switch self {
    case .retrieveDeliversErrorOnFailure:
      guard let sut = await failingStore(failures.retrieval) else { return }
      await expect(sut, toRetrieve: .failed, "retrieve on a retrieval failure", sourceLocation)

    case .retrieveHasNoSideEffectsOnFailure:
      guard let sut = await failingStore(failures.retrieval) else { return }
      await expect(sut, toRetrieve: .failed, "first retrieve on a retrieval failure", sourceLocation)
      await expect(sut, toRetrieve: .failed, "second retrieve on a retrieval failure", sourceLocation)

    case .insertDeliversErrorOnFailure:
      guard let sut = await failingStore(failures.insertion) else { return }
      await expectError("an insertion error", "insert on an insertion failure", sourceLocation) {
        try await insert(sut)
      }

    case .insertHasNoSideEffectsOnFailure:
      guard let sut = await failingStore(failures.insertion) else {
        return madeNothing("FSF-4's cache kept after a failed insert", sourceLocation)
      }
      await expectNoSideEffects(of: "insert", on: "an insertion failure", "an insertion error", sut, sourceLocation) {
        try await insert(sut)
      }

    case .deleteDeliversErrorOnFailure:
      guard let sut = await failingStore(failures.deletion) else { return }
      await expectError("a deletion error", "delete on a deletion failure", sourceLocation) {
        try await sut.deleteCachedFeed()
      }

    case .deleteHasNoSideEffectsOnFailure:
      guard let sut = await failingStore(failures.deletion) else {
        return madeNothing("FSF-6's cache kept after a failed delete", sourceLocation)
      }
      await expectNoSideEffects(of: "delete", on: "a deletion failure", "a deletion error", sut, sourceLocation) {
        try await sut.deleteCachedFeed()
      }
    }
  }

  /// Checks that `failingOperation` fails and that the store then retrieves what it retrieved before.
  private func expectNoSideEffects(
    of name: String, on failure: String, _ expectedError: String, _ sut: any FeedStore,
    _ sourceLocation: SourceLocation,
    _ failingOperation: () async throws -> Void
  ) async {
    let before = await RetrievalOutcome(sut)
    if before == .failed {
      SkippedCheck.record(
        "that a failed \(name) kept the cache was not checked: the store whose \(name) fails cannot be read either "
          + "(it is checked to fail again). Make it as a store that worked, then lost its disk "
          + "(makeReadOnlyStoreLocation, then makeReadOnly), to check it", sourceLocation: sourceLocation)
    }
    await expectError(expectedError, "\(name) on \(failure)", sourceLocation, of: failingOperation)
    await expect(
      sut, toRetrieve: before, "retrieve after a failed \(name), against the retrieve before it", sourceLocation)
  }
}
