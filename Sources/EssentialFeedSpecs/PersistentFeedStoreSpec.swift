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

  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .secondInstanceSeesInsert: "FSP-1 a second instance retrieves what the first inserted"
    case .insertOverridesAcrossInstances: "FSP-2 an insert by one instance overrides another's"
    case .deleteEmptiesAcrossInstances: "FSP-3 a delete by one instance empties the cache for another"
    }
  }

  /// Runs this spec against instances from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// A failed check says which instance retrieved and names the first difference: the image index, the field and
  /// both values.
  ///
  /// - Parameters:
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes a new instance on the same location; called several times.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedStore
  ) async throws {
    try requireSwiftTesting()
    let first = CachedFeed(feed: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
    try await makeSUT().insert(first.feed, timestamp: first.timestamp)
    switch self {
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
