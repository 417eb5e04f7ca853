import EssentialFeedCache
import Foundation
import Testing

/// The specs of persistent search stores: what one instance keeps, another instance on the same location reads.
/// `makeSUT` returns a new instance on the same, initially empty, location each time.
public enum PersistentFeedSearchStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// SRP-1: a second instance retrieves the search the first replaced.
  case secondInstanceSeesSearch
  /// SRP-2: a page appended by one instance extends the search for another.
  case appendSeenAcrossInstances
  /// SRP-3: a delete by one instance empties the store for another.
  case deleteEmptiesAcrossInstances

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .secondInstanceSeesSearch: "SRP-1 a second instance retrieves the search the first replaced"
    case .appendSeenAcrossInstances: "SRP-2 a page appended by one instance extends the search for another"
    case .deleteEmptiesAcrossInstances: "SRP-3 a delete by one instance empties the store for another"
    }
  }

  /// Runs this spec against instances from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedSearchStore
  ) async throws {
    try requireSwiftTesting()
    let search = CachedSearch(keyword: "Kyōto", results: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
    try await makeSUT().replaceSearch(with: search.results, for: search.keyword, timestamp: search.timestamp)
    switch self {
    case .secondInstanceSeesSearch:
      try await expectSearch(makeSUT(), search, "second instance's retrieve", sourceLocation)
    case .appendSeenAcrossInstances:
      let more = [Fixtures.image("more", nil)]
      try await makeSUT().appendToSearch(more, for: search.keyword)
      let longer = CachedSearch(keyword: search.keyword, results: search.results + more, timestamp: search.timestamp)
      try await expectSearch(makeSUT(), longer, "third instance's retrieve after an append", sourceLocation)
    case .deleteEmptiesAcrossInstances:
      try await makeSUT().deleteSearch()
      try await expectSearch(makeSUT(), nil, "third instance's retrieve after a delete", sourceLocation)
    }
  }
}

/// Three search stores, each made to fail one operation: a corrupt file to retrieve, a location where nothing can
/// be written (replace), and one where nothing can be deleted.
public struct FeedSearchStoreFailures: Sendable {
  /// A store whose retrieve fails.
  public var retrieval: @Sendable () async throws -> any FeedSearchStore
  /// A store whose replace fails.
  public var replacement: @Sendable () async throws -> any FeedSearchStore
  /// A store whose delete fails.
  public var deletion: @Sendable () async throws -> any FeedSearchStore

  /// Creates the three failing stores.
  public init(
    retrieval: @escaping @Sendable () async throws -> any FeedSearchStore,
    replacement: @escaping @Sendable () async throws -> any FeedSearchStore,
    deletion: @escaping @Sendable () async throws -> any FeedSearchStore
  ) {
    self.retrieval = retrieval
    self.replacement = replacement
    self.deletion = deletion
  }
}

/// The specs of search stores that can fail: every failure is delivered, and changes nothing.
public enum FailableFeedSearchStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// SRF-1: retrieve delivers an error on a retrieval failure, every time.
  case retrieveDeliversErrorOnFailure
  /// SRF-2: replace delivers an error on failure, and the store still holds no search.
  case replaceDeliversErrorWithoutSideEffects
  /// SRF-3: delete delivers an error on failure.
  case deleteDeliversErrorOnFailure

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .retrieveDeliversErrorOnFailure: "SRF-1 retrieve delivers an error on a retrieval failure, every time"
    case .replaceDeliversErrorWithoutSideEffects: "SRF-2 a failed replace delivers an error and keeps no search"
    case .deleteDeliversErrorOnFailure: "SRF-3 delete delivers an error on a deletion failure"
    }
  }

  /// Runs this spec against the failing stores, recording any failed check at `sourceLocation`.
  ///
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test.
  public func verify(_ failures: FeedSearchStoreFailures, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    try requireSwiftTesting()
    switch self {
    case .retrieveDeliversErrorOnFailure:
      let sut = try await failures.retrieval()
      for attempt in ["first", "second"] {
        await expectThrows("\(attempt) retrieve of a corrupt search", sourceLocation) {
          _ = try await sut.retrieveSearch()
        }
      }
    case .replaceDeliversErrorWithoutSideEffects:
      let sut = try await failures.replacement()
      await expectThrows("replace where nothing can be written", sourceLocation) {
        try await sut.replaceSearch(with: Fixtures.variedFeed(), for: "kyoto", timestamp: Fixtures.preciseTimestamp())
      }
      if let kept = try? await sut.retrieveSearch() {
        Issue.record(
          "a failed replace kept a search for \(String(reflecting: kept.keyword))", sourceLocation: sourceLocation)
      }
    case .deleteDeliversErrorOnFailure:
      let sut = try await failures.deletion()
      await expectThrows("delete where nothing can be deleted", sourceLocation) { try await sut.deleteSearch() }
    }
  }
}
