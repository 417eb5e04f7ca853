import EssentialFeedCache
import Foundation
import Testing

/// How to make a store fail, for ``FailableFeedStoreSpec``: one factory per operation, each returning a store whose
/// operation of that kind fails (for a file store: a corrupt file; a location it cannot write or delete in).
public struct FeedStoreFailures: Sendable {
  /// Makes a store whose `retrieve()` fails.
  public var retrieval: @Sendable () async throws -> any FeedStore
  /// Makes a store whose `insert(_:timestamp:)` fails.
  public var insertion: @Sendable () async throws -> any FeedStore
  /// Makes a store whose `deleteCachedFeed()` fails.
  public var deletion: @Sendable () async throws -> any FeedStore

  /// Creates the set of failing-store factories.
  ///
  /// - Parameters:
  ///   - retrieval: Makes a store whose retrieval fails.
  ///   - insertion: Makes a store whose insertion fails.
  ///   - deletion: Makes a store whose deletion fails.
  public init(
    retrieval: @escaping @Sendable () async throws -> any FeedStore,
    insertion: @escaping @Sendable () async throws -> any FeedStore,
    deletion: @escaping @Sendable () async throws -> any FeedStore
  ) {
    self.retrieval = retrieval
    self.insertion = insertion
    self.deletion = deletion
  }
}

/// The specs of stores that can fail: a failure is an error, and a failed operation has no side effects.
///
/// "No side effects" means what the store retrieves after the failed operation is what it retrieved before it:
/// the same cache, or again an error.
///
/// ```swift
/// @Test(arguments: FailableFeedStoreSpec.allCases)
/// func myStoreFailures(_ spec: FailableFeedStoreSpec) async throws {
///   try await spec.verify(FeedStoreFailures(retrieval: { … }, insertion: { … }, deletion: { … }))
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
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error a factory throws.
  public func verify(_ failures: FeedStoreFailures, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try requireSwiftTesting()
    switch self {
    case .retrieveDeliversErrorOnFailure:
      let sut = try await failures.retrieval()
      await #expect(throws: (any Error).self, sourceLocation: sourceLocation) { _ = try await sut.retrieve() }

    case .retrieveHasNoSideEffectsOnFailure:
      let sut = try await failures.retrieval()
      await #expect(throws: (any Error).self, sourceLocation: sourceLocation) { _ = try await sut.retrieve() }
      await #expect(throws: (any Error).self, sourceLocation: sourceLocation) { _ = try await sut.retrieve() }

    case .insertDeliversErrorOnFailure:
      let sut = try await failures.insertion()
      await #expect(throws: (any Error).self, sourceLocation: sourceLocation) {
        try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      }

    case .insertHasNoSideEffectsOnFailure:
      let sut = try await failures.insertion()
      try await expectNoSideEffects(on: sut, sourceLocation) {
        try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      }

    case .deleteDeliversErrorOnFailure:
      let sut = try await failures.deletion()
      await #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try await sut.deleteCachedFeed() }

    case .deleteHasNoSideEffectsOnFailure:
      let sut = try await failures.deletion()
      try await expectNoSideEffects(on: sut, sourceLocation) { try await sut.deleteCachedFeed() }
    }
  }

  private func expectNoSideEffects(
    on sut: any FeedStore, _ sourceLocation: SourceLocation, of failingOperation: () async throws -> Void
  ) async throws {
    let before = await RetrievalOutcome(sut)
    await #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try await failingOperation() }
    let after = await RetrievalOutcome(sut)
    #expect(after == before, "retrieval changed after a failed operation", sourceLocation: sourceLocation)
  }
}

/// What a retrieval gave, with every error counted as the same outcome.
enum RetrievalOutcome: Equatable, CustomStringConvertible {
  case found(CachedFeed?)
  case failed

  init(_ store: any FeedStore) async {
    do {
      self = .found(try await store.retrieve())
    } catch {
      self = .failed
    }
  }

  var description: String {
    switch self {
    case .found(let cache): describe(cache)
    case .failed: "a retrieval error"
    }
  }
}
