import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@Suite("Search stores")
struct SearchStoreSpecs {
  static let kinds = ShippedStore.offering((any FeedSearchStore).self)

  @Test(
    "passes the FeedSearchStore specs",
    arguments: SpecCases.matrix(
      kinds, FeedSearchStoreSpec.casesThisRun, forwarded: [.resultsPastSixteenBits, .concurrentReplacesNeverMix]))
  func passesSpecs(kind: ShippedStore, spec: FeedSearchStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { try #require(kind.makeStore(in: directory) as? any FeedSearchStore) }
    }
  }

  @Test(
    "passes the persistent search store specs",
    arguments: ShippedStore.offering((any FeedSearchStore).self, persistentOnly: true),
    PersistentFeedSearchStoreSpec.allCases)
  func persists(kind: ShippedStore, spec: PersistentFeedSearchStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { try #require(kind.makeStore(in: directory) as? any FeedSearchStore) }
    }
  }

  @Test(
    "passes the failable search store specs",
    arguments: ShippedStore.offering((any FeedSearchStore).self, persistentOnly: true),
    FailableFeedSearchStoreSpec.allCases)
  func fails(kind: ShippedStore, spec: FailableFeedSearchStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify(try kind.searchFailures(in: directory))
    }
  }

  @Test(
    "SRS-10 the search and the feed cache live side by side: each survives the other's writes",
    arguments: ShippedStore.offering((any FeedSearchStore).self))
  func besideTheFeed(kind: ShippedStore) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let feed = uniqueFeed().local
      let sut = try #require(kind.makeStore(in: directory) as? any FeedSearchStore & FeedStore)
      try await sut.insert(feed, timestamp: Date(timeIntervalSinceReferenceDate: 1))
      try await sut.replaceSearch(with: [feed[0]], for: "Kyoto", timestamp: Date(timeIntervalSinceReferenceDate: 2))
      try await sut.deleteCachedFeed()
      try await sut.insert([feed[1]], timestamp: Date(timeIntervalSinceReferenceDate: 3))

      #expect(
        try await sut.retrieveSearch()
          == CachedSearch(keyword: "Kyoto", results: [feed[0]], timestamp: Date(timeIntervalSinceReferenceDate: 2)))
      try await sut.deleteSearch()
      #expect(
        try await sut.retrieve() == CachedFeed(feed: [feed[1]], timestamp: Date(timeIntervalSinceReferenceDate: 3)))
    }
  }
}
