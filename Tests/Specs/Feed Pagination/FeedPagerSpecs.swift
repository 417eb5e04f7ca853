import EssentialFeed
import Foundation
import Synchronization
import Testing

@Suite("Feed pagination")
struct FeedPagerSpecs {
  @Test("PG-1 the first page is requested after no image, and more can load after it")
  func firstPage() async throws {
    let page = [uniqueImage(), uniqueImage()]
    let source = PageSource([page])

    let first = try await FeedPager(loadPage: source.load).load()

    #expect(first.items == page)
    #expect(first.loadMore != nil)
    #expect(source.requestedAfter == [nil])
  }

  @Test("PG-2 the next page is requested after the last image delivered, and comes with the pages before it")
  func nextPage() async throws {
    let (one, two) = ([uniqueImage(), uniqueImage()], [uniqueImage()])
    let source = PageSource([one, two])

    let first = try await FeedPager(loadPage: source.load).load()
    let second = try await loadMore(after: first)

    #expect(second.items == one + two)
    #expect(source.requestedAfter == [nil, one[1].id])
  }

  @Test("PG-3 an empty page ends the list")
  func emptyPageEnds() async throws {
    let page = [uniqueImage()]
    let source = PageSource([page, []])

    let first = try await FeedPager(loadPage: source.load).load()
    let end = try await loadMore(after: first)

    #expect(end.items == page)
    #expect(end.loadMore == nil)
    #expect(try await FeedPager(loadPage: PageSource([[]]).load).load().loadMore == nil)
  }

  @Test("PG-4 images already delivered are dropped, within a page and across pages, out of order or twice")
  func dedupesByID() async throws {
    let (a, b, c, d) = (uniqueImage(), uniqueImage(), uniqueImage(), uniqueImage())
    let source = PageSource([[a, b, a], [c, b, a, d, c]])

    let first = try await FeedPager(loadPage: source.load).load()
    let second = try await loadMore(after: first)

    #expect(first.items == [a, b])
    #expect(second.items == [a, b, c, d])
  }

  @Test("PG-5 a page that brings nothing new ends the list: a server ignoring the cursor shows each image once")
  func nothingNewEnds() async throws {
    let everything = (0..<25).map { _ in uniqueImage() }
    let source = PageSource(Array(repeating: everything, count: 100))

    let all = try await FeedPager(loadPage: source.load).load().loadingAll()

    #expect(all == everything)
    #expect(source.requestedAfter.count == 2)
  }

  @Test("PG-13 loading every page can end at a failed page with the pages loaded (a search), or fail (the default)")
  func loadingAllEndingAtFailure() async throws {
    let (one, two) = ([uniqueImage()], [uniqueImage()])
    let failing = PageSource([one], thenFailOnce: AnyError(), then: [two])
    let first = try await FeedPager(loadPage: failing.load).load()

    #expect(try await first.loadingAll(endingAtFailure: true) == one)
    let strict = try await FeedPager(loadPage: PageSource([one], thenFailOnce: AnyError(), then: [two]).load).load()
    await #expect(throws: AnyError.self) { _ = try await strict.loadingAll() }
  }

  @Test("PG-7 a failed later page fails that load only; the list delivered before stays, and can retry the page")
  func failedLaterPage() async throws {
    let (one, two) = ([uniqueImage()], [uniqueImage()])
    let source = PageSource([one], thenFailOnce: AnyError(), then: [two])

    let first = try await FeedPager(loadPage: source.load).load()
    let loadMore = try #require(first.loadMore)
    await #expect(throws: AnyError.self) { try await loadMore() }

    #expect(first.items == one)
    #expect(try await loadMore().items == one + two)
    #expect(source.requestedAfter == [nil, one[0].id, one[0].id])
  }

  @Test("PG-8 a cancelled load delivers CancellationError and saves nothing")
  func cancelled() async throws {
    let cache = FeedCacheSpy()
    let source = PageSource([[uniqueImage()]])
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await FeedPager(loadPage: source.load, cache: cache).load()
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(cache.messages.isEmpty)

    let pending = PendingLoads<[FeedImage]>()
    let loading = Task { try await FeedPager(loadPage: { _ in try await pending.load(nil) }, cache: cache).loadAll() }
    try await pending.waitForRequests(count: 1)
    loading.cancel()
    await #expect(throws: CancellationError.self) { try await loading.value }
    #expect(cache.messages.isEmpty, "a cancel while a page loads saves nothing")
  }

  @Test("PG-9 each page is saved with the pages before it; the first replaces the cache; a failed save fails nothing")
  func savesEveryPage() async throws {
    let (one, two) = ([uniqueImage()], [uniqueImage(), uniqueImage()])
    let cache = FeedCacheSpy()
    cache.failSaves(with: AnyError())
    let source = PageSource([one, two, []])

    let first = try await FeedPager(loadPage: source.load, cache: cache).load()
    let second = try await loadMore(after: first)
    _ = try await loadMore(after: second)

    #expect(cache.messages == [.saveFeed(one), .saveFeed(one + two)])
    #expect(try await FeedPager(loadPage: PageSource([[]]).load, cache: cache).load().items == [])
    #expect(cache.messages.last == .saveFeed([]))
  }

  @Test("PG-10 after a restart the cached pages show at once, and loading more continues after the last of them")
  func resumesAfterCachedPages() async throws {
    let cached = [uniqueImage(), uniqueImage()]
    let next = uniqueImage()
    let source = PageSource([[cached[1], next]])

    let resumed = FeedPager(loadPage: source.load).resume(from: cached)
    #expect(resumed.items == cached)
    #expect(source.requestedAfter.isEmpty)

    let more = try await loadMore(after: resumed)
    #expect(more.items == cached + [next])
    #expect(source.requestedAfter == [cached[1].id])
  }

  @Test("PG-12 loading every page at once follows the same rules: dedupe, nothing new ends, each page saved, a bound")
  func loadAllFollowsTheSameRules() async throws {
    let (a, b, c) = (uniqueImage(), uniqueImage(), uniqueImage())
    let cache = FeedCacheSpy()
    let repeating = PageSource([[a, b, a], [b, c], [c, a], [c]])
    let endless = PageSource((0..<10).map { _ in [uniqueImage()] })

    let all = try await FeedPager(loadPage: repeating.load, cache: cache).loadAll()

    #expect(all == [a, b, c])
    #expect(repeating.requestedAfter == [nil, b.id, c.id])
    #expect(cache.messages == [.saveFeed([a, b]), .saveFeed([a, b, c])])
    await #expect(throws: FeedPager.Error.listDidNotEnd(pages: 3, images: 3)) {
      _ = try await FeedPager(loadPage: endless.load).loadAll(maximumPages: 3)
    }
  }

  @Test(
    "PG-18 a list that has not ended after the bound on pages is an error naming the pages and images, never delivered as whole"
  )
  func loadAllSaysWhenTheListWasCut() async throws {
    let endless = PageSource((0..<10).map { _ in [uniqueImage()] })
    let exact = PageSource([[uniqueImage()], [uniqueImage()], [uniqueImage()], []])
    let cache = FeedCacheSpy()

    await #expect(throws: FeedPager.Error.listDidNotEnd(pages: 3, images: 3)) {
      _ = try await FeedPager(loadPage: endless.load, cache: cache).loadAll(maximumPages: 3)
    }
    #expect(endless.requestedAfter.count == 4, "one page past the bound is asked for, to tell an end from a cut")
    #expect(try await FeedPager(loadPage: exact.load).loadAll(maximumPages: 3).count == 3)
    #expect(
      FeedPager.Error.listDidNotEnd(pages: 1_000, images: 30_000).localizedDescription
        == "The list had not ended after 1000 pages (30000 images): it was cut there, and is not delivered as whole.")
  }
}

/// The next page of `list`, recording an issue when the list says it ended.
private func loadMore(
  after list: Paginated<FeedImage>, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Paginated<FeedImage> {
  let loadMore = try #require(list.loadMore, "the list ended", sourceLocation: sourceLocation)
  return try await loadMore()
}

/// Answers page requests from a script, recording the id each was requested after.
final class PageSource: Sendable {
  private let state: Mutex<(pages: [[FeedImage]], failure: (any Error)?, then: [[FeedImage]], after: [UUID?])>

  init(_ pages: [[FeedImage]], thenFailOnce failure: (any Error)? = nil, then: [[FeedImage]] = []) {
    state = Mutex((pages, failure, then, []))
  }

  var requestedAfter: [UUID?] { state.withLock { $0.after } }

  @Sendable func load(after last: FeedImage?) async throws -> [FeedImage] {
    let answer: Result<[FeedImage], any Error> = state.withLock {
      $0.after.append(last?.id)
      if !$0.pages.isEmpty { return .success($0.pages.removeFirst()) }
      if let failure = $0.failure {
        $0.failure = nil
        return .failure(failure)
      }
      return .success($0.then.isEmpty ? [] : $0.then.removeFirst())
    }
    return try answer.get()
  }
}
