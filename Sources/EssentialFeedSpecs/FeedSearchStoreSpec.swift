import EssentialFeedCache
import Foundation
import Testing

/// The specs every `FeedSearchStore` must pass: it keeps exactly one search, replaced by a new keyword in one step
/// and extended by more pages of the same one.
///
/// ```swift
/// @Test(arguments: FeedSearchStoreSpec.allCases)
/// func mySearchStore(_ spec: FeedSearchStoreSpec) async throws {
///   try await spec.verify { MyStore() }
/// }
/// ```
public enum FeedSearchStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// SRS-1: retrieve delivers no search on an empty store.
  case retrieveDeliversNothingWhenEmpty
  /// SRS-2: retrieve delivers the keyword, the results in order and the timestamp replaced.
  case retrieveDeliversTheSearch
  /// SRS-3: retrieve has no side effects.
  case retrieveHasNoSideEffects
  /// SRS-4: a search for a new keyword replaces the one kept.
  case newKeywordReplaces
  /// SRS-5: more results for the same keyword are appended, and the search keeps its timestamp.
  case sameKeywordAppends
  /// SRS-6: results for another keyword, or with no search kept, change nothing.
  case appendForAnotherKeywordChangesNothing
  /// SRS-7: the keyword round-trips exactly: case, whitespace and Unicode as given, compared exactly.
  case keywordRoundTripsExactly
  /// SRS-8: delete empties the store; deleting an empty store succeeds.
  case deleteEmpties
  /// SRS-9: concurrent replaces never mix two searches: every retrieve sees one search whole.
  case concurrentReplacesNeverMix
  /// SRS-11: generated histories (with the store's other capabilities, and writes from cancelled tasks), with
  /// adversarial keywords and results, agree with a reference model exactly.
  case generatedHistoriesMatchTheModel
  /// SRS-12: a search of more than 65,536 results, in two pages, retrieves exactly.
  case resultsPastSixteenBits
  /// SRS-13: the search written and read as the domain's images is the search the other operations write and read.
  case domainSearchMatches

  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .retrieveDeliversNothingWhenEmpty: "SRS-1 retrieve delivers no search on an empty store"
    case .retrieveDeliversTheSearch: "SRS-2 retrieve delivers the keyword, the results in order and the timestamp"
    case .retrieveHasNoSideEffects: "SRS-3 retrieve has no side effects"
    case .newKeywordReplaces: "SRS-4 a search for a new keyword replaces the one kept"
    case .sameKeywordAppends: "SRS-5 more results for the same keyword are appended; the timestamp stays"
    case .appendForAnotherKeywordChangesNothing: "SRS-6 results for another keyword, or no search, change nothing"
    case .keywordRoundTripsExactly: "SRS-7 the keyword round-trips exactly and is compared exactly"
    case .deleteEmpties: "SRS-8 delete empties the store; deleting an empty store succeeds"
    case .concurrentReplacesNeverMix: "SRS-9 concurrent replaces never mix two searches"
    case .generatedHistoriesMatchTheModel: "SRS-11 generated histories agree with the model exactly"
    case .resultsPastSixteenBits: "SRS-12 a search of 65,540 results retrieves exactly"
    case .domainSearchMatches: "SRS-13 the search written and read as the domain's images is the same search"
    }
  }

  /// Runs this spec against a store from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - seed: The seed of the generated spec, which every failure of it prints; by default
  ///     `ESSENTIALFEED_SPEC_SEED` or a random one. The other specs ignore it.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes the store under test, empty. It is called once; SRS-11 calls it once per history (a store on
  ///     the same location as the last one is emptied through its own operations first).
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    seed: UInt64? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedSearchStore
  ) async throws {
    try requireSwiftTesting()
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(.init(id: "SRS-11", focus: .search), seed: seed, sourceLocation: sourceLocation) {
        try await makeSUT()
      }
      return
    }
    let sut = try await makeSUT()
    let first = [Fixtures.image("a description", "a location"), Fixtures.image(nil, "Kyoto, Japan")]
    let more = [Fixtures.image("more", nil)]
    let timestamp = Date(timeIntervalSinceReferenceDate: 721_234_567.123_456_7)
    let expect = { (expected: CachedSearch?, context: String) -> Void in
      try await expectSearch(sut, expected, context, sourceLocation)
    }
    switch self {
    case .generatedHistoriesMatchTheModel:
      return
    case .resultsPastSixteenBits:
      try await FieldWidths.verifySearch(sut, sourceLocation)
    case .retrieveDeliversNothingWhenEmpty:
      try await expect(nil, "retrieve on an empty store")
    case .retrieveDeliversTheSearch:
      try await sut.replaceSearch(with: first, for: "kyoto", timestamp: timestamp)
      try await expect(CachedSearch(keyword: "kyoto", results: first, timestamp: timestamp), "retrieve after replace")
    case .retrieveHasNoSideEffects:
      try await sut.replaceSearch(with: first, for: "kyoto", timestamp: timestamp)
      let kept = CachedSearch(keyword: "kyoto", results: first, timestamp: timestamp)
      try await expect(kept, "first retrieve")
      try await expect(kept, "second retrieve")
    case .newKeywordReplaces:
      try await sut.replaceSearch(with: first, for: "kyoto", timestamp: timestamp)
      try await sut.replaceSearch(with: more, for: "lisbon", timestamp: timestamp + 1)
      try await expect(CachedSearch(keyword: "lisbon", results: more, timestamp: timestamp + 1), "after a new keyword")
      try await sut.replaceSearch(with: first, for: "lisbon", timestamp: timestamp + 2)
      try await expect(
        CachedSearch(keyword: "lisbon", results: first, timestamp: timestamp + 2), "after replacing the same keyword")
    case .sameKeywordAppends:
      try await sut.replaceSearch(with: first, for: "kyoto", timestamp: timestamp)
      try await sut.appendToSearch(more, for: "kyoto")
      try await expect(CachedSearch(keyword: "kyoto", results: first + more, timestamp: timestamp), "after append")
    case .appendForAnotherKeywordChangesNothing:
      try await sut.appendToSearch(more, for: "kyoto")
      try await expect(nil, "append with no search kept")
      try await sut.replaceSearch(with: first, for: "kyoto", timestamp: timestamp)
      try await sut.appendToSearch(more, for: "lisbon")
      try await expect(CachedSearch(keyword: "kyoto", results: first, timestamp: timestamp), "append for another")
    case .keywordRoundTripsExactly:
      let keyword = "  Café 東京 ☕️\tß "
      try await sut.replaceSearch(with: first, for: keyword, timestamp: timestamp)
      let kept = CachedSearch(keyword: keyword, results: first, timestamp: timestamp)
      for (other, differs) in [
        ("café 東京 ☕️\tß", "case and spaces"), ("  CAFÉ 東京 ☕️\tß ", "case"), ("Café 東京 ☕️\tß", "spaces"),
      ] {
        try await sut.appendToSearch(more, for: other)
        let context = "exact keyword, after an append for one that differs only in \(differs)"
        guard try await expectSearch(sut, kept, context, sourceLocation) else { break }
      }
    case .deleteEmpties:
      try await sut.deleteSearch()
      try await sut.replaceSearch(with: first, for: "kyoto", timestamp: timestamp)
      try await sut.deleteSearch()
      try await expect(nil, "retrieve after delete")
    case .concurrentReplacesNeverMix:
      try await FeedSearchStoreSpec.verifyConcurrentReplaces(sut, sourceLocation: sourceLocation)
    case .domainSearchMatches:
      try await FeedSearchStoreSpec.verifyDomainSearch(sut, sourceLocation: sourceLocation)
    }
  }
}
