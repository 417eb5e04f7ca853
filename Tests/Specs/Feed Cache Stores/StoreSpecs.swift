import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

/// Every store runs every spec that applies to it, as a user's store would with one `@Test` per suite.
@Suite("Every store passes the specs")
struct StoreSpecs {
  @Test("passes the FeedStore specs", arguments: StoreUnderTest.allCases, FeedStoreSpec.allCases)
  func feedStore(_ store: StoreUnderTest, _ spec: FeedStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { store.make(in: directory) }
    }
  }

  @Test(
    "passes the FeedImageDataStore specs", arguments: StoreUnderTest.imageDataStores, FeedImageDataStoreSpec.allCases)
  func imageDataStore(_ store: StoreUnderTest, _ spec: FeedImageDataStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { try #require(store.makeImageDataStore(in: directory)) }
    }
  }

  @Test(
    "passes the failable FeedImageDataStore specs", arguments: [ShippedStore.fileSystem, .sqlite],
    FailableFeedImageDataStoreSpec.allCases)
  func failableImages(_ store: ShippedStore, _ spec: FailableFeedImageDataStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify(store.imageFailures(in: directory))
    }
  }

  @Test("passes the failable FeedStore specs", arguments: StoreUnderTest.persistent, FailableFeedStoreSpec.allCases)
  func failable(_ store: StoreUnderTest, _ spec: FailableFeedStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify(store.failures(in: directory))
    }
  }

  @Test("passes the persistence specs", arguments: StoreUnderTest.persistent, PersistentFeedStoreSpec.allCases)
  func persistence(_ store: StoreUnderTest, _ spec: PersistentFeedStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { store.make(in: directory) }
    }
  }
}
