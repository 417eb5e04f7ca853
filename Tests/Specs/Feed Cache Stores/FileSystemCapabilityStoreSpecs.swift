import EssentialFeed
import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

/// The store of each capability on a `FileSystemStoreDirectory` runs its suites directly, not only through the
/// façade: a new instance is a new directory handle on the same directory, as a second app run makes it.
@Suite("File-system stores per capability")
struct FileSystemCapabilityStoreSpecs {
  @Test("FSB-1 FileSystemFeedCache passes the FeedStore specs", arguments: FeedStoreSpec.casesThisRun)
  func feedCache(spec: FeedStoreSpec) async throws {
    try await withStoreDirectory { url in try await spec.verify { FileSystemFeedCache(directory: directory(url)) } }
  }

  @Test("FSB-1 FileSystemFeedCache passes the persistence specs", arguments: PersistentFeedStoreSpec.allCases)
  func feedCachePersists(spec: PersistentFeedStoreSpec) async throws {
    try await withStoreDirectory { url in try await spec.verify { FileSystemFeedCache(directory: directory(url)) } }
  }

  @Test(
    "FSB-1 FileSystemImageDataStore passes the FeedImageDataStore specs", arguments: FeedImageDataStoreSpec.allCases)
  func imageDataStore(spec: FeedImageDataStoreSpec) async throws {
    try await withStoreDirectory { url in
      try await spec.verify { FileSystemImageDataStore(directory: directory(url)) }
    }
  }

  @Test(
    "FSB-1 FileSystemImageDataStore passes the persistent LimitedFeedImageDataStore specs",
    arguments: PersistentLimitedFeedImageDataStoreSpec.allCases)
  func limitedImageDataStorePersists(spec: PersistentLimitedFeedImageDataStoreSpec) async throws {
    try await withStoreDirectory { url in
      try await spec.verify { limits, now in
        FileSystemImageDataStore(directory: directory(url), imageLimits: limits, currentDate: now)
      }
    }
  }

  @Test("FSB-1 FileSystemSearchStore passes the FeedSearchStore specs", arguments: FeedSearchStoreSpec.casesThisRun)
  func searchStore(spec: FeedSearchStoreSpec) async throws {
    try await withStoreDirectory { url in try await spec.verify { FileSystemSearchStore(directory: directory(url)) } }
  }

  @Test("FSB-1 FileSystemPageStore passes the FeedPageStore specs", arguments: FeedPageStoreSpec.casesThisRun)
  func pageStore(spec: FeedPageStoreSpec) async throws {
    try await withStoreDirectory { url in try await spec.verify { FileSystemPageStore(directory: directory(url)) } }
  }

  @Test(
    "FSB-1 FileSystemPageStore passes the persistent page store specs", arguments: PersistentFeedPageStoreSpec.allCases)
  func pageStorePersists(spec: PersistentFeedPageStoreSpec) async throws {
    try await withStoreDirectory { url in try await spec.verify { FileSystemPageStore(directory: directory(url)) } }
  }

  @Test(
    "FSB-1 FileSystemPendingLikeStore passes the PendingLikeActionStore specs",
    arguments: PendingLikeActionStoreSpec.casesThisRun)
  func pendingLikeStore(spec: PendingLikeActionStoreSpec) async throws {
    try await withStoreDirectory { url in
      try await spec.verify { FileSystemPendingLikeStore(directory: directory(url)) }
    }
  }

  @Test("FSB-2 the stores on one directory keep their own files: each survives the others' writes and deletions")
  func storesOnOneDirectoryAreIsolated() async throws {
    try await withStoreDirectory { url in
      let shared = directory(url)
      let (feed, search) = (FileSystemFeedCache(directory: shared), FileSystemSearchStore(directory: shared))
      let (likes, images) = (FileSystemPendingLikeStore(directory: shared), FileSystemImageDataStore(directory: shared))
      let (cached, results, image, imageURL) = (uniqueFeed().local, uniqueFeed().local, Data("image".utf8), anyURL())
      let action = PendingLikeAction(imageID: UUID(), kind: .like, timestamp: fixedCurrentDate)
      try await feed.insert(cached, timestamp: fixedCurrentDate)
      try await search.replaceSearch(with: results, for: "kyoto", timestamp: fixedCurrentDate)
      try await likes.enqueue(action)
      try await images.insert(image, for: imageURL)

      try await feed.deleteCachedFeed()
      #expect(try await FileSystemSearchStore(directory: directory(url)).retrieveSearch()?.results == results)
      #expect(try await FileSystemImageDataStore(directory: directory(url)).retrieve(dataForURL: imageURL) == image)

      try await images.deleteAllImageData()
      #expect(try await FileSystemSearchStore(directory: directory(url)).retrieveSearch()?.results == results)

      try await search.deleteSearch()

      let reopened = directory(url)
      #expect(try await FileSystemFeedCache(directory: reopened).retrieve() == nil)
      #expect(try await FileSystemSearchStore(directory: reopened).retrieveSearch() == nil)
      #expect(try await FileSystemPendingLikeStore(directory: reopened).pendingActions() == [action])
      #expect(try await FileSystemImageDataStore(directory: reopened).storedImageDataSize() == 0)
    }
  }

  @Test("FSB-3 FileSystemFeedStore and the stores per capability keep the same files: each reads what the other wrote")
  func facadeAndStoresShareTheFiles() async throws {
    try await withStoreDirectory { url in
      let facade = FileSystemFeedStore(directory: url)
      let (cached, results, image, imageURL) = (uniqueFeed().local, uniqueFeed().local, Data("image".utf8), anyURL())
      let action = PendingLikeAction(imageID: UUID(), kind: .discard, timestamp: fixedCurrentDate)
      try await facade.insert(cached, timestamp: fixedCurrentDate)
      try await facade.replaceSearch(with: results, for: "kyoto", timestamp: fixedCurrentDate)
      try await facade.enqueue(action)
      try await facade.insert(image, for: imageURL)
      let page = uniqueFeed().local
      _ = try await facade.appendPage(page)

      let shared = directory(url)
      #expect(try await FileSystemPageStore(directory: shared).retrievePage(after: nil, limit: 100) == page)
      #expect(try await FileSystemFeedCache(directory: shared).retrieve()?.feed == cached)
      #expect(try await FileSystemSearchStore(directory: shared).retrieveSearch()?.results == results)
      #expect(try await FileSystemPendingLikeStore(directory: shared).pendingActions() == [action])
      let images = FileSystemImageDataStore(directory: shared)
      #expect(try await images.retrieve(dataForURL: imageURL) == image)
      #expect(try await images.storedImageDataSize() == image.count)

      let (later, more) = (uniqueFeed().local, uniqueFeed().local)
      try await FileSystemFeedCache(directory: shared).insert(later, timestamp: fixedCurrentDate)
      try await FileSystemSearchStore(directory: shared).appendToSearch(more, for: "kyoto")
      try await FileSystemPendingLikeStore(directory: shared).removeIfPending(action)
      try await images.deleteAllImageData()
      let nextPage = uniqueFeed().local
      _ = try await FileSystemPageStore(directory: shared).appendPage(nextPage)

      let reopened = FileSystemFeedStore(directory: url)
      #expect(try await reopened.retrievePage(after: nil, limit: 100) == page + nextPage)
      #expect(try await reopened.retrieve()?.feed == later)
      #expect(try await reopened.retrieveSearch()?.results == results + more)
      #expect(try await reopened.pendingActions().isEmpty)
      #expect(try await reopened.retrieve(dataForURL: imageURL) == nil)
    }
  }

  @Test(
    "FSB-4 the page list's journal: bytes past the committed length (an append killed midway) are not the list, and the next append cuts them"
  )
  func uncommittedBytesAreDropped() async throws {
    try await withStoreDirectory { url in
      let (first, second, third) = (uniqueFeed().local, uniqueFeed().local, uniqueFeed().local)
      let writer = FileSystemPageStore(directory: directory(url))
      _ = try await writer.appendPage(first)
      _ = try await writer.appendPage(second)
      await writer.close()
      let file = url.appending(path: "pages")
      let committed = try Data(contentsOf: file)
      let handle = try FileHandle(forWritingTo: file)
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(committed.suffix(40)) + Data(repeating: 0xAB, count: 100))
      try handle.close()

      let reader = FileSystemPageStore(directory: directory(url))
      #expect(try await reader.retrievePage(after: nil, limit: 100) == first + second)
      _ = try await reader.appendPage(third)

      let afterAppend = try Data(contentsOf: file)
      #expect(
        afterAppend.prefix(committed.count).suffix(committed.count - 16) == committed.suffix(committed.count - 16))
      let header = afterAppend.prefix(16).suffix(8).reversed().reduce(0) { $0 << 8 | Int($1) }  // little-endian
      #expect(afterAppend.count == header, "the file ends where its header says: the uncommitted bytes were cut")
      #expect(
        try await FileSystemPageStore(directory: directory(url)).retrievePage(after: nil, limit: 100)
          == first + second + third)
    }
  }

  @Test("FSB-5 a page list shorter than its committed length lost acknowledged pages: an error, never a shorter list")
  func shortJournalIsAnError() async throws {
    try await withStoreDirectory { url in
      let store = FileSystemPageStore(directory: directory(url))
      _ = try await store.appendPage(uniqueFeed().local)
      _ = try await store.appendPage(uniqueFeed().local)
      await store.close()
      let file = url.appending(path: "pages")
      let bytes = try Data(contentsOf: file)
      try bytes.prefix(bytes.count - 1).write(to: file)

      await #expect(throws: FileFeedStoreError.self) {
        try await FileSystemPageStore(directory: directory(url)).retrievePage(after: nil, limit: 100)
      }
    }
  }

  private func directory(_ url: URL) -> FileSystemStoreDirectory {
    FileSystemStoreDirectory(directory: url)
  }

  private func withStoreDirectory(_ body: (URL) async throws -> Void) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await body(directory.appending(path: "store", directoryHint: .isDirectory))
    }
  }
}
