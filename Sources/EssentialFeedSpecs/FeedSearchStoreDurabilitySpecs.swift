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
  /// SRP-4: generated histories through reopened instances and two live ones agree with a reference model exactly.
  case generatedHistoriesMatchTheModel
  /// SRP-5: each file of the store damaged in turn (its last byte or half of it cut, 16 bytes changed in the middle or
  /// at the end): a new instance throws, or gives no less than it held; never a shorter result, never a miss.
  case damagedFilesAreErrors

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .secondInstanceSeesSearch: "SRP-1 a second instance retrieves the search the first replaced"
    case .appendSeenAcrossInstances: "SRP-2 a page appended by one instance extends the search for another"
    case .deleteEmptiesAcrossInstances: "SRP-3 a delete by one instance empties the store for another"
    case .generatedHistoriesMatchTheModel:
      "SRP-4 generated histories over two live instances and reopens agree with the model"
    case .damagedFilesAreErrors: "SRP-5 a damaged file is an error, never a shorter result"
    }
  }

  /// Runs this spec against instances from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    seed: UInt64? = nil, location: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedSearchStore
  ) async throws {
    try requireSwiftTesting()
    if self == .damagedFilesAreErrors {
      try await DamageSpec.verify("SRP-5", location: location, limitsImages: false, sourceLocation: sourceLocation) {
        _ in StoreCapabilities(keptBy: try await makeSUT())
      }
      return
    }
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(
        .init(id: "SRP-4", focus: .search, persistent: true), seed: seed, sourceLocation: sourceLocation
      ) { try await makeSUT() }
      return
    }
    let search = CachedSearch(keyword: "Kyōto", results: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
    try await makeSUT().replaceSearch(with: search.results, for: search.keyword, timestamp: search.timestamp)
    switch self {
    case .damagedFilesAreErrors:
      return
    case .generatedHistoriesMatchTheModel:
      return
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
