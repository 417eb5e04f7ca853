import EssentialFeed
import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

/// The failable specs can only see a failed write keep the earlier contents when the failing store holds some: the
/// stores that worked, then fail, that the shipped stores' tests give them, do, and a write to them fails.
@Suite("The shipped stores' write failures start with contents")
struct FailingStoreContentsSpecs {
  @Test(
    "SS-46 a store that worked, then fails, reads its contents and refuses every kind of write",
    arguments: ShippedStore.persistent)
  func feedStore(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let sut = try await kind.failures(in: directory).insertion()
      let before = try #require(try await sut.retrieve())
      #expect(before.feed.count == 1)
      await #expect(throws: (any Error).self) { try await sut.insert([], timestamp: before.timestamp) }
      await #expect(throws: (any Error).self) { try await sut.deleteCachedFeed() }
      #expect(try await sut.retrieve() == before)
    }
  }

  @Test(
    "SS-46 the search, page and pending like stores that worked, then fail, hold contents",
    arguments: ShippedStore.offering((any FeedSearchStore).self, persistentOnly: true))
  func otherStores(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let search = try await kind.searchFailures(in: directory).replacement()
      #expect(try await search.retrieveSearch()?.results.count == 1)
      let likes = try await kind.pendingLikeFailures(in: directory).writing()
      #expect(try await likes.pendingActions().count == 2)
      guard kind == .sqlite else { return }  // The file-system store keeps no page list.
      let pages = try await kind.pageFailures(in: directory).writing()
      #expect(try await pages.retrievePage(after: nil, limit: 10).count == 2)
    }
  }
}
