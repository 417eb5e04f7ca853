import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

/// Every store runs every spec that applies to it, as a user's store would with one `@Test` per suite; a store that
/// forwards a capability leaves its count boundary and concurrency specs to the capability store's own suite
/// (`SpecCases.matrix`).
@Suite("Every store passes the specs")
struct StoreSpecs {
  @Test(
    "passes the FeedStore specs",
    arguments: SpecCases.matrix(
      ShippedStore.allCases, FeedStoreSpec.casesThisRun,
      forwarded: [.largeFeedRoundTrips, .concurrentOperationsAreLinearizable]))
  func feedStore(_ store: ShippedStore, _ spec: FeedStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { store.makeStore(in: directory) }
    }
  }

  @Test(
    "two SQLiteFeedStore instances on one file, used in turn, pass the FeedStore specs",
    arguments: FeedStoreSpec.casesThisRun.filter { $0 != .largeFeedRoundTrips })
  func twoSQLiteInstances(_ spec: FeedStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let location = ShippedStore.sqlite.location(in: directory)
      try await spec.verify {
        AlternatingStore(SQLiteFeedStore(storeURL: location), SQLiteFeedStore(storeURL: location))
      }
    }
  }

  @Test(
    "passes the FeedImageDataStore specs",
    arguments: SpecCases.matrix(
      ShippedStore.imageDataStores, FeedImageDataStoreSpec.allCases, forwarded: [.concurrentOperationsAreLinearizable]))
  func imageDataStore(_ store: ShippedStore, _ spec: FeedImageDataStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { try #require(store.makeImageDataStore(in: directory)) }
    }
  }

  @Test(
    "passes the failable FeedImageDataStore specs",
    arguments: ShippedStore.offering((any FeedImageDataStore).self, persistentOnly: true),
    FailableFeedImageDataStoreSpec.allCases)
  func failableImages(_ store: ShippedStore, _ spec: FailableFeedImageDataStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify(store.imageFailures(in: directory))
    }
  }

  @Test("passes the failable FeedStore specs", arguments: ShippedStore.persistent, FailableFeedStoreSpec.allCases)
  func failable(_ store: ShippedStore, _ spec: FailableFeedStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify(store.failures(in: directory))
    }
  }

  @Test("passes the persistence specs", arguments: ShippedStore.persistent, PersistentFeedStoreSpec.allCases)
  func persistence(_ store: ShippedStore, _ spec: PersistentFeedStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { store.makeStore(in: directory) }
    }
  }
}
