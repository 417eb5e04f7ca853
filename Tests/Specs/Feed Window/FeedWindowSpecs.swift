import EssentialFeed
import EssentialFeedSpecs
import Foundation
import Testing

@Suite("Windowed list")
struct FeedWindowSpecs {
  @Test("WL-1 the first page comes from the remote when the page cache is empty, and is appended to it")
  func firstPageFromRemote() async throws {
    let (sut, remote, pages) = makeWindow(count: 10, capacity: 6)

    let window = try await sut.loadNext()

    #expect(window.items == Array(remote.images[0..<3]))
    #expect(window.startIndex == 0)
    #expect(remote.requestedAfter == [nil])
    #expect(await pages.images == Array(remote.images[0..<3]))
  }

  @Test("WL-2 the next page comes from the page cache when it holds it: the remote is not asked")
  func nextPageFromCache() async throws {
    let remote = RemoteList(count: 10)
    let pages = PageListCache(Array(remote.images[0..<6]))
    let sut = FeedWindow(capacity: 6, pageLimit: 3, pages: pages, remote: remote.load)

    let first = try await sut.loadNext()
    let second = try await next(first)

    #expect(second.items == Array(remote.images[0..<6]))
    #expect(remote.requestedAfter.isEmpty)
    #expect(await sut.statistics.localPages == 2)
  }

  @Test("WL-3 loading at the bottom drops from the head; every image keeps its position")
  func dropsFromHead() async throws {
    let (sut, remote, _) = makeWindow(count: 10, capacity: 6)
    let anchor = remote.images[4]

    var window = try await sut.loadNext()
    window = try await next(window)
    let before = try #require(position(of: anchor, in: window))
    window = try await next(window)

    #expect(window.items == Array(remote.images[3..<9]))
    #expect(window.startIndex == 3)
    #expect(position(of: anchor, in: window) == before)
  }

  @Test("WL-4 loading at the top reads the page cache only, never the remote, and drops from the tail")
  func previousFromCacheOnly() async throws {
    let (sut, remote, pages) = makeWindow(count: 12, capacity: 6)
    var window = try await sut.loadNext()
    for _ in 0..<3 { window = try await next(window) }
    let requests = remote.requestedAfter.count
    let readsBefore = await pages.reads

    let loadPrevious = try #require(window.loadPrevious)
    window = try await loadPrevious()

    #expect(window.items == Array(remote.images[3..<9]))
    #expect(window.startIndex == 3)
    #expect(remote.requestedAfter.count == requests)
    #expect(await pages.reads == readsBefore + 1)
  }

  @Test("WL-5 the window never holds more than its capacity, and always holds the list's images at its positions")
  func hardLimit() async throws {
    var rng = SystemRandomNumberGenerator()
    let seed = UInt64.random(in: 0...UInt64.max, using: &rng)
    var random = SplitMix64(seed: seed)
    let (sut, remote, _) = makeWindow(count: 200, capacity: 7, pageLimit: 3)
    var window = try await sut.loadNext()
    for step in 0..<1_000 {
      let down = Bool.random(using: &random)
      if down, let loadMore = window.loadMore {
        window = try await loadMore()
      } else if let loadPrevious = window.loadPrevious {
        window = try await loadPrevious()
      }
      #expect(window.items.count <= 7, "seed \(seed), step \(step)")
      #expect(window.items == Array(remote.images[window.startIndex..<window.endIndex]), "seed \(seed), step \(step)")
    }
    #expect(await sut.statistics.mostImagesHeld == 7)
  }

  @Test("WL-6 scrolling to the end and back to the start requests each row once: none already seen")
  func noRowRequestedTwice() async throws {
    let (sut, remote, _) = makeWindow(count: 100, capacity: 10, pageLimit: 4)

    var window = try await sut.loadNext()
    while let loadMore = window.loadMore { window = try await loadMore() }
    let atEnd = window
    while let loadPrevious = window.loadPrevious { window = try await loadPrevious() }

    #expect(atEnd.endIndex == 100)
    #expect(window.items == Array(remote.images[0..<10]))
    let cursors = remote.requestedAfter
    #expect(cursors.count == 26)
    #expect(Set(cursors.map { $0?.uuidString ?? "" }).count == cursors.count)
    #expect(await sut.statistics.rowsFetchedAgain == 0)
  }

  @Test("WL-7 an empty feed: no images, and nothing to load either way")
  func emptyFeed() async throws {
    let (sut, remote, _) = makeWindow(count: 0, capacity: 6)

    let window = try await sut.loadNext()

    #expect(window.items.isEmpty)
    #expect(window.loadMore == nil)
    #expect(window.loadPrevious == nil)
    #expect(remote.requestedAfter == [nil])
  }

  @Test("WL-8 at the end of the remote list, loading more is over: nothing more is requested")
  func endOfList() async throws {
    let (sut, remote, _) = makeWindow(count: 6, capacity: 6)

    var window = try await sut.loadNext()
    window = try await next(window)
    window = try await next(window)
    let again = try await sut.loadNext()

    #expect(window.loadMore == nil)
    #expect(again.items == remote.images)
    #expect(remote.requestedAfter == [nil, remote.images[2].id, remote.images[5].id])
  }
}

func makeWindow(
  count: Int, capacity: Int, pageLimit: Int = 3
) -> (FeedWindow, RemoteList, PageListCache) {
  let remote = RemoteList(count: count, pageLimit: pageLimit)
  let pages = PageListCache()
  return (FeedWindow(capacity: capacity, pageLimit: pageLimit, pages: pages, remote: remote.load), remote, pages)
}

/// The position of `image` in the whole list, as `window` reports it.
func position(of image: FeedImage, in window: Paginated<FeedImage>) -> Int? {
  window.items.firstIndex(of: image).map { window.startIndex + $0 }
}
