import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@Suite("Page stores")
struct PageStoreSpecs {
  static let kinds = ShippedStore.offering((any FeedPageStore).self)
  static let persistentKinds = ShippedStore.offering((any FeedPageStore).self, persistentOnly: true)

  @Test(
    "passes the FeedPageStore specs",
    arguments: SpecCases.matrix(
      kinds, FeedPageStoreSpec.casesThisRun,
      forwarded: [.listPastSixteenBits, .concurrentAppendsStayWhole, .concurrentReplacesStayWhole]))
  func passesSpecs(kind: ShippedStore, spec: FeedPageStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { try #require(kind.makeStore(in: directory) as? any FeedPageStore) }
    }
  }

  @Test(
    "passes the persistent page store specs", arguments: persistentKinds, PersistentFeedPageStoreSpec.allCases)
  func persists(kind: ShippedStore, spec: PersistentFeedPageStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { try #require(kind.makeStore(in: directory) as? any FeedPageStore) }
    }
  }

  @Test("passes the failable page store specs", arguments: persistentKinds, FailableFeedPageStoreSpec.allCases)
  func fails(kind: ShippedStore, spec: FailableFeedPageStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify(try kind.pageFailures(in: directory))
    }
  }

  @Test(
    "FPS-12 the paged list lives beside the feed cache and the search: each survives the others' writes",
    arguments: ShippedStore.offering((any FeedPageStore).self))
  func besideTheFeed(kind: ShippedStore) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let feed = uniqueFeed().local
      let sut = try #require(kind.makeStore(in: directory) as? any FeedPageStore & FeedStore & FeedSearchStore)
      _ = try await sut.appendPage(feed)
      try await sut.insert([feed[0]], timestamp: Date(timeIntervalSinceReferenceDate: 1))
      try await sut.replaceSearch(with: [feed[1]], for: "Kyoto", timestamp: Date(timeIntervalSinceReferenceDate: 2))
      try await sut.deleteCachedFeed()
      try await sut.deleteSearch()

      #expect(try await sut.retrievePage(after: nil, limit: 10) == feed)
      try await sut.deletePages()
      try await sut.insert([feed[1]], timestamp: Date(timeIntervalSinceReferenceDate: 3))
      #expect(try await sut.retrieve()?.feed == [feed[1]])
    }
  }

  @Test("FPS-13 a window over the SQLite page store scrolls to the end and back with no row requested twice")
  func windowOverSQLite() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let remote = RemoteList(count: 95, pageLimit: 10)
      let store = SQLiteFeedStore(storeURL: directory.appending(path: "pages.sqlite"))
      let sut = FeedWindow(
        capacity: 25, pageLimit: 10, pages: LocalFeedPageLoader(store: store), remote: remote.load)

      var window = try await sut.loadNext()
      while let loadMore = window.loadMore { window = try await loadMore() }
      #expect(window.endIndex == 95)
      while let loadPrevious = window.loadPrevious { window = try await loadPrevious() }

      #expect(window.items == Array(remote.images[0..<25]))
      #expect(remote.requestedAfter.count == 11)
      #expect(try await store.pageImageCount() == 95)
      #expect(await sut.statistics.mostImagesHeld == 25)
    }
  }
}
