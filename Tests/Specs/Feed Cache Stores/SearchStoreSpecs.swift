import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@Suite("Search stores")
struct SearchStoreSpecs {
  static let kinds: [ShippedStore] = [.inMemory, .fileSystem, .sqlite, .sqliteInMemory]

  @Test("passes the FeedSearchStore specs", arguments: kinds, FeedSearchStoreSpec.allCases)
  func passesSpecs(kind: ShippedStore, spec: FeedSearchStoreSpec) async throws {
    try await withTemporaryDirectory { directory in
      try await spec.verify { try #require(kind.makeStore(in: directory) as? any FeedSearchStore) }
    }
  }

  @Test(
    "SRS-10 a persistent store's search survives a new instance, and the feed cache beside it is untouched",
    arguments: [ShippedStore.fileSystem, .sqlite])
  func persists(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let feed = uniqueFeed().local
      let first = try #require(kind.makeStore(in: directory) as? any FeedSearchStore & FeedStore)
      try await first.insert(feed, timestamp: Date(timeIntervalSinceReferenceDate: 1))
      try await first.replaceSearch(with: [feed[0]], for: "Kyoto", timestamp: Date(timeIntervalSinceReferenceDate: 2))
      try await first.appendToSearch([feed[1]], for: "Kyoto")

      let second = try #require(kind.makeStore(in: directory) as? any FeedSearchStore & FeedStore)

      #expect(
        try await second.retrieveSearch()
          == CachedSearch(keyword: "Kyoto", results: feed, timestamp: Date(timeIntervalSinceReferenceDate: 2)))
      #expect(try await second.retrieve() == CachedFeed(feed: feed, timestamp: Date(timeIntervalSinceReferenceDate: 1)))
    }
  }
}
