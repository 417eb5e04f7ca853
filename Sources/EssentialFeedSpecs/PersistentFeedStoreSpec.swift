import EssentialFeedCache
import Foundation
import Testing

/// The specs of persistent stores: what one instance writes, another instance on the same location reads.
///
/// `makeSUT` must return a new instance on the same, initially empty, location each time it is called:
///
/// ```swift
/// @Test(arguments: PersistentFeedStoreSpec.allCases)
/// func myStorePersists(_ spec: PersistentFeedStoreSpec) async throws {
///   try await withTemporaryStoreDirectory { directory in
///     let storeURL = directory.appending(path: "feed.store")
///     try await spec.verify { MyStore(storeURL: storeURL) }
///   }
/// }
/// ```
public enum PersistentFeedStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// FSP-1: a second instance retrieves what the first inserted.
  case secondInstanceSeesInsert
  /// FSP-2: an insert by one instance overrides what another inserted.
  case insertOverridesAcrossInstances
  /// FSP-3: a delete by one instance empties the cache for another.
  case deleteEmptiesAcrossInstances
  /// FSP-4: generated histories through instances that are released and reopened, and a second live instance whose
  /// writes run beside the first's, agree with a reference model exactly.
  case generatedHistoriesMatchTheModel
  /// FSP-5: each file of the store damaged in turn (its last byte or half of it cut, 16 bytes changed in the middle or
  /// at the end): a new instance throws, or gives no less than it held; never a shorter result, never a miss.
  case damagedFilesAreErrors

  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .secondInstanceSeesInsert: "FSP-1 a second instance retrieves what the first inserted"
    case .insertOverridesAcrossInstances: "FSP-2 an insert by one instance overrides another's"
    case .deleteEmptiesAcrossInstances: "FSP-3 a delete by one instance empties the cache for another"
    case .generatedHistoriesMatchTheModel:
      "FSP-4 generated histories over two live instances and reopens agree with the model"
    case .damagedFilesAreErrors: "FSP-5 a damaged file is an error, never a shorter result"
    }
  }

  /// Runs this spec against instances from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// A failed check says which instance retrieved and names the first difference: the image index, the field and
  /// both values.
  ///
  /// - Parameters:
  ///   - seed: The seed of the generated spec, which every failure of it prints; by default
  ///     `ESSENTIALFEED_SPEC_SEED` or a random one. The other specs ignore it.
  ///   - location: The directory whose files FSP-5 damages; by default the one `withTemporaryStoreDirectory` gave the
  ///     running test.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes a new instance on the same location; called several times.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    seed: UInt64? = nil, location: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedStore
  ) async throws {
    try requireSwiftTesting()
    if self == .damagedFilesAreErrors {
      try await DamageSpec.verify("FSP-5", location: location, limitsImages: false, sourceLocation: sourceLocation) {
        _ in StoreCapabilities(keptBy: try await makeSUT())
      }
      return
    }
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(
        .init(id: "FSP-4", focus: .feed, persistent: true), seed: seed, sourceLocation: sourceLocation
      ) { try await makeSUT() }
      return
    }
    let first = CachedFeed(feed: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
    try await makeSUT().insert(first.feed, timestamp: first.timestamp)
    switch self {
    case .damagedFilesAreErrors:
      return
    case .generatedHistoriesMatchTheModel:
      return
    case .secondInstanceSeesInsert:
      try await expect(makeSUT(), toRetrieve: first, "second instance's retrieve after an insert", sourceLocation)

    case .insertOverridesAcrossInstances:
      let latest = CachedFeed(feed: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp(offset: 60))
      try await makeSUT().insert(latest.feed, timestamp: latest.timestamp)
      try await expect(makeSUT(), toRetrieve: latest, "third instance's retrieve after two inserts", sourceLocation)

    case .deleteEmptiesAcrossInstances:
      try await makeSUT().deleteCachedFeed()
      try await expect(makeSUT(), toRetrieve: nil, "third instance's retrieve after a delete", sourceLocation)
    }
  }
}
