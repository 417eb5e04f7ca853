import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

/// Three search stores, each made to fail one operation: a corrupt file to retrieve, a location where nothing can
/// be written (replace), and one where nothing can be deleted.
///
/// The stores whose writes fail should start with a search, as a store that worked and then lost its disk does
/// (write one with a working instance, then make the location read-only and open a new instance): the specs check
/// a failed write keeps what the store held before it, which a store that starts empty cannot show.
public struct FeedSearchStoreFailures: Sendable {
  /// A store whose retrieve fails.
  public var retrieval: @Sendable () async throws -> any FeedSearchStore
  /// A store whose replace (and append) fails; what it retrieves before is compared after each failed write.
  public var replacement: @Sendable () async throws -> any FeedSearchStore
  /// A store whose delete fails; what it retrieves before is compared after the failed delete.
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
  /// SRF-2: replace and append deliver an error on failure, and the store still holds the search it held before.
  case replaceDeliversErrorWithoutSideEffects
  /// SRF-3: delete delivers an error on failure, and the store still holds the search it held before.
  case deleteDeliversErrorOnFailure

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .retrieveDeliversErrorOnFailure: "SRF-1 retrieve delivers an error on a retrieval failure, every time"
    case .replaceDeliversErrorWithoutSideEffects:
      "SRF-2 a failed replace or append delivers an error and keeps the earlier search"
    case .deleteDeliversErrorOnFailure: "SRF-3 a failed delete delivers an error and keeps the earlier search"
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
      guard let sut = await failingStore(failures.retrieval) else { return }
      for attempt in ["first", "second"] {
        await expectThrows("\(attempt) retrieve of a corrupt search", sourceLocation) {
          _ = try await sut.retrieveSearch()
        }
      }
      await expectThrows("domain retrieve of a corrupt search", sourceLocation) {
        _ = try await sut.retrieveFeedSearch()
      }
    case .replaceDeliversErrorWithoutSideEffects:
      let check = "SRF-2's search kept after a failed replace"
      guard let sut = await failingStore(failures.replacement) else { return madeNothing(check, sourceLocation) }
      let before = await contentsIfReadable(check, sourceLocation) { try await sut.retrieveSearch() }
      await expectThrows("replace where nothing can be written", sourceLocation) {
        try await sut.replaceSearch(with: Fixtures.variedFeed(), for: "kyoto", timestamp: Fixtures.preciseTimestamp())
      }
      guard let before,
        try await expectSearch(sut, before, "after a failed replace, against the search before it", sourceLocation),
        let before
      else { return }
      await expectThrows("append to the kept search where nothing can be written", sourceLocation) {
        try await sut.appendToSearch([Fixtures.image("more", nil)], for: before.keyword)
      }
      guard
        try await expectSearch(sut, before, "after a failed append, against the search before it", sourceLocation)
      else { return }
      await expectThrows("domain replace where nothing can be written", sourceLocation) {
        try await sut.replaceSearch(withFeed: [], for: "oslo", timestamp: Fixtures.preciseTimestamp())
      }
      await expectThrows("domain append to the kept search where nothing can be written", sourceLocation) {
        try await sut.appendFeedToSearch(Fixtures.variedFeed().map(FeedImage.init), for: before.keyword)
      }
      try await expectSearch(sut, before, "after failed domain writes, against the search before them", sourceLocation)
    case .deleteDeliversErrorOnFailure:
      let check = "SRF-3's search kept after a failed delete"
      guard let sut = await failingStore(failures.deletion) else { return madeNothing(check, sourceLocation) }
      let before = await contentsIfReadable(check, sourceLocation) { try await sut.retrieveSearch() }
      await expectThrows("delete where nothing can be deleted", sourceLocation) { try await sut.deleteSearch() }
      guard let before else { return }
      try await expectSearch(sut, before, "after a failed delete, against the search before it", sourceLocation)
    }
  }
}

/// What a store whose writes fail held before them, or `nil` when it cannot be read at all (a location below a
/// regular file may be neither read nor written): the spec then checks only that its writes fail, and says so.
func contentsIfReadable<Contents>(
  _ check: String, _ sourceLocation: SourceLocation, _ read: () async throws -> Contents
) async -> Contents? {
  do {
    return try await read()
  } catch {
    SkippedCheck.record(
      "\(check) was not checked: the store whose writes fail cannot be read (\(error)). Make it as a store that "
        + "worked, then lost its disk (makeReadOnlyStoreLocation, then makeReadOnly), to check it",
      sourceLocation: sourceLocation)
    return nil
  }
}

/// The failing store `make` makes, or `nil` when making it threw: a store that fails when it is made delivers its
/// failure there, which counts as the error the spec expects.
func failingStore<Store>(_ make: () async throws -> Store) async -> Store? {
  try? await make()
}

/// For a write spec whose store could not be made: the failure counts as delivered, and what it could not check is
/// said.
func madeNothing(_ check: String, _ sourceLocation: SourceLocation) {
  SkippedCheck.record(
    "\(check) was not checked: the store whose writes fail threw when it was made (which counts as the failed write)",
    sourceLocation: sourceLocation)
}
