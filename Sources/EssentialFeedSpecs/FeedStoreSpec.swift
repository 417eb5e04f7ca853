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
  /// FS-13: a 10,000-image feed round-trips.
  case largeFeedRoundTrips
  /// FS-14: concurrent operations are linearizable against the register model.
  case concurrentOperationsAreLinearizable
  /// FS-15: `replaceCachedFeed` leaves exactly the new feed and timestamp, on an empty cache and on a full one.
  case replaceLeavesExactlyTheNewCache

  /// Runs this spec against a store from `makeSUT`, recording any failed check as an issue at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes the store under test, empty. It is called once.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws
  ///   where the spec expects success.
  public func verify(
    sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedStore
  ) async throws {
    try requireSwiftTesting()
    let sut = try await makeSUT()
    switch self {
    case .retrieveDeliversEmptyOnEmptyCache:
      try await expect(sut, toRetrieve: nil, sourceLocation)

    case .retrieveHasNoSideEffectsOnEmptyCache:
      try await expect(sut, toRetrieve: nil, sourceLocation)
      try await expect(sut, toRetrieve: nil, sourceLocation)

    case .retrieveDeliversFoundValuesOnNonEmptyCache:
      let cache = CachedFeed(feed: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      try await expect(sut, toRetrieve: cache, sourceLocation)

    case .retrieveHasNoSideEffectsOnNonEmptyCache:
      let cache = CachedFeed(feed: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      try await expect(sut, toRetrieve: cache, sourceLocation)
      try await expect(sut, toRetrieve: cache, sourceLocation)

    case .insertDeliversNoErrorOnEmptyCache:
      await #expect(throws: Never.self, sourceLocation: sourceLocation) {
        try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      }

    case .insertDeliversNoErrorOnNonEmptyCache:
      try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      await #expect(throws: Never.self, sourceLocation: sourceLocation) {
        try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp(offset: 1))
      }

    case .insertOverridesPreviouslyInsertedCache:
      try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      let latest = CachedFeed(feed: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp(offset: 1))
      try await sut.insert(latest.feed, timestamp: latest.timestamp)
      try await expect(sut, toRetrieve: latest, sourceLocation)

    case .deleteDeliversNoErrorOnEmptyCache:
      await #expect(throws: Never.self, sourceLocation: sourceLocation) { try await sut.deleteCachedFeed() }

    case .deleteHasNoSideEffectsOnEmptyCache:
      try await sut.deleteCachedFeed()
      try await expect(sut, toRetrieve: nil, sourceLocation)

    case .deleteDeliversNoErrorOnNonEmptyCache:
      try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      await #expect(throws: Never.self, sourceLocation: sourceLocation) { try await sut.deleteCachedFeed() }

    case .deleteEmptiesPreviouslyInsertedCache:
      try await sut.insert(Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      try await sut.deleteCachedFeed()
      try await expect(sut, toRetrieve: nil, sourceLocation)

    case .valuesRoundTripExactly:
      try await verifyRoundTrips(sut, sourceLocation)

    case .largeFeedRoundTrips:
      let cache = CachedFeed(feed: Fixtures.largeFeed(count: 10_000), timestamp: Fixtures.preciseTimestamp())
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      try await expect(sut, toRetrieve: cache, sourceLocation)

    case .concurrentOperationsAreLinearizable:
      try await FeedStoreConcurrencySpec.verify(sut, sourceLocation: sourceLocation)

    case .replaceLeavesExactlyTheNewCache:
      let first = CachedFeed(feed: Fixtures.variedFeed(), timestamp: Fixtures.preciseTimestamp())
      try await sut.replaceCachedFeed(with: first.feed, timestamp: first.timestamp)
      try await expect(sut, toRetrieve: first, sourceLocation)
      let second = CachedFeed(feed: Fixtures.largeFeed(count: 3), timestamp: Fixtures.preciseTimestamp(offset: 1))
      try await sut.replaceCachedFeed(with: second.feed, timestamp: second.timestamp)
      try await expect(sut, toRetrieve: second, sourceLocation)
    }
  }

  private func verifyRoundTrips(_ sut: any FeedStore, _ sourceLocation: SourceLocation) async throws {
    let feed = Fixtures.variedFeed()
    let cases = [
      CachedFeed(feed: feed, timestamp: Fixtures.preciseTimestamp()),
      CachedFeed(feed: feed.reversed(), timestamp: Fixtures.preciseTimestamp(offset: 0.000_001)),
      CachedFeed(feed: [], timestamp: Date(timeIntervalSince1970: -1_234.5)),
      CachedFeed(feed: Array(feed.prefix(1)), timestamp: Date(timeIntervalSinceReferenceDate: 0.1)),
      CachedFeed(feed: feed, timestamp: Date(timeIntervalSince1970: 4_102_444_800.999_9)),
    ]
    for cache in cases {
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      try await expect(sut, toRetrieve: cache, sourceLocation)
    }
  }
}
