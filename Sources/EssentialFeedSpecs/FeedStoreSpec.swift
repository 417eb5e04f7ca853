import EssentialFeedCache
import Foundation
import Testing

/// The specs every `FeedStore` must pass, each a value with a readable name.
///
/// Plug a store in with one parameterized test; `makeSUT` must return an empty store each time it is called:
///
/// ```swift
/// @Test(arguments: FeedStoreSpec.allCases)
/// func myStore(_ spec: FeedStoreSpec) async throws {
///   try await spec.verify { MyStore() }
/// }
/// ```
public enum FeedStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// FS-1: retrieve delivers empty on an empty cache.
  case retrieveDeliversEmptyOnEmptyCache
  /// FS-2: retrieve twice on an empty cache delivers empty twice.
  case retrieveHasNoSideEffectsOnEmptyCache
  /// FS-3: retrieve delivers the inserted feed and timestamp.
  case retrieveDeliversFoundValuesOnNonEmptyCache
  /// FS-4: retrieve twice on a non-empty cache delivers the same values.
  case retrieveHasNoSideEffectsOnNonEmptyCache
  /// FS-5: insert into an empty cache succeeds.
  case insertDeliversNoErrorOnEmptyCache
  /// FS-6: insert into a non-empty cache succeeds.
  case insertDeliversNoErrorOnNonEmptyCache
  /// FS-7: insert overrides the previously inserted cache.
  case insertOverridesPreviouslyInsertedCache
  /// FS-8: delete on an empty cache succeeds.
  case deleteDeliversNoErrorOnEmptyCache
  /// FS-9: delete on an empty cache leaves it empty.
  case deleteHasNoSideEffectsOnEmptyCache
  /// FS-10: delete on a non-empty cache succeeds.
  case deleteDeliversNoErrorOnNonEmptyCache
  /// FS-11: delete empties a non-empty cache.
  case deleteEmptiesPreviouslyInsertedCache
  /// FS-12: every field round-trips exactly: optional fields set and nil, empty strings, Unicode, URL queries and
  /// escapes, sub-second timestamps, order.
  case valuesRoundTripExactly
  /// FS-13: a feed of 65,540 images (past a 16-bit count) round-trips.
  case largeFeedRoundTrips
  /// FS-14: concurrent operations are linearizable against the register model, and readers racing writers in a tight
  /// loop only ever see a whole cache (a feed with its own timestamp).
  case concurrentOperationsAreLinearizable
  /// FS-15: `replaceCachedFeed` leaves exactly the new feed and timestamp, on an empty cache and on a full one.
  case replaceLeavesExactlyTheNewCache
  /// FS-16: generated histories of every operation (the store's other capabilities too, and writes from cancelled
  /// tasks), with adversarial values, agree with a reference model exactly; a failure is shrunk and replayable.
  case generatedHistoriesMatchTheModel

  /// Runs this spec against a store from `makeSUT`, recording any failed check as an issue at `sourceLocation`.
  ///
  /// A failed check names the first difference: the image index, the field and both values.
  ///
  /// - Parameters:
  ///   - seed: The seed of the randomized spec, FS-14, which every failure of it prints: pass it back to replay
  ///     the same rounds. `nil` takes `ESSENTIALFEED_SPEC_SEED` from the environment, else a random seed. The other
  ///     specs ignore it.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes the store under test, empty. It is called once; FS-16 calls it once per history (a store on
  ///     the same location as the last one is emptied through its own operations first).
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws
  ///   where the spec expects success, except in FS-14, which records it as a failure with its seed.
  public func verify(
    seed: UInt64? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedStore
  ) async throws {
    try requireSwiftTesting()
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(.init(id: "FS-16", focus: .feed), seed: seed, sourceLocation: sourceLocation) {
        try await makeSUT()
      }
      return
    }
    let sut = try await makeSUT()
    let varied = { CachedFeed(feed: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp(offset: $0)) }
    switch self {
    case .retrieveDeliversEmptyOnEmptyCache:
      try await expect(sut, toRetrieve: nil, "retrieve on an empty cache", sourceLocation)

    case .retrieveHasNoSideEffectsOnEmptyCache:
      try await expect(sut, toRetrieve: nil, "first retrieve on an empty cache", sourceLocation)
      try await expect(sut, toRetrieve: nil, "second retrieve on an empty cache", sourceLocation)

    case .retrieveDeliversFoundValuesOnNonEmptyCache:
      let cache = varied(0)
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      try await expect(sut, toRetrieve: cache, "retrieve after insert", sourceLocation)

    case .retrieveHasNoSideEffectsOnNonEmptyCache:
      let cache = varied(0)
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      try await expect(sut, toRetrieve: cache, "first retrieve after insert", sourceLocation)
      try await expect(sut, toRetrieve: cache, "second retrieve after insert", sourceLocation)

    case .insertDeliversNoErrorOnEmptyCache:
      await expectSuccess("insert into an empty cache", sourceLocation) {
        try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      }

    case .insertDeliversNoErrorOnNonEmptyCache:
      try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      await expectSuccess("insert into a non-empty cache", sourceLocation) {
        try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp(offset: 1))
      }

    case .insertOverridesPreviouslyInsertedCache:
      try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      let latest = varied(1)
      try await sut.insert(latest.feed, timestamp: latest.timestamp)
      try await expect(sut, toRetrieve: latest, "retrieve after a second insert", sourceLocation)

    case .deleteDeliversNoErrorOnEmptyCache:
      await expectSuccess("delete on an empty cache", sourceLocation) { try await sut.deleteCachedFeed() }

    case .deleteHasNoSideEffectsOnEmptyCache:
      try await sut.deleteCachedFeed()
      try await expect(sut, toRetrieve: nil, "retrieve after deleting an empty cache", sourceLocation)

    case .deleteDeliversNoErrorOnNonEmptyCache:
      try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      await expectSuccess("delete on a non-empty cache", sourceLocation) { try await sut.deleteCachedFeed() }

    case .deleteEmptiesPreviouslyInsertedCache:
      try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      try await sut.deleteCachedFeed()
      try await expect(sut, toRetrieve: nil, "retrieve after deleting a non-empty cache", sourceLocation)

    case .valuesRoundTripExactly:
      try await verifyRoundTrips(sut, sourceLocation)

    case .largeFeedRoundTrips:
      let cache = CachedFeed(feed: FieldWidths.images(), timestamp: Fixtures.preciseTimestamp())
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      try await expect(sut, toRetrieve: cache, "retrieve after inserting 65,540 images", sourceLocation)

    case .concurrentOperationsAreLinearizable:
      await FeedStoreConcurrencyModel.verify(sut, seed: seed, sourceLocation: sourceLocation)

    case .replaceLeavesExactlyTheNewCache:
      try await verifyReplace(sut, sourceLocation)

    case .generatedHistoriesMatchTheModel:
      break
    }
  }
}
