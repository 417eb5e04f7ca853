import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation
import Synchronization
import Testing

/// One way to load a whole paged list as a feed, which the app composes for the feed and the search (issue 30).
@Suite("Every page as one feed")
struct AllPagesFeedLoaderSpecs {
  @Test("PG-14 a paged source as one FeedLoader: every page, by the pager's rules, within a bound on the pages")
  func everyPageOfASource() async throws {
    let (one, two) = ([uniqueImage(), uniqueImage()], [uniqueImage()])
    let source = PageSource([one, two + one, []])

    #expect(try await AllPagesFeedLoader(loadPage: source.load).load() == one + two)
    #expect(source.requestedAfter == [nil, one[1].id, two[0].id])

    let endless = PageSource((0..<10).map { _ in [uniqueImage()] })
    await #expect(throws: FeedPager.Error.listDidNotEnd(pages: 3, images: 3)) {
      _ = try await AllPagesFeedLoader(maximumPages: 3, loadPage: endless.load).load()
    }
  }

  @Test("PG-15 a paginated list as one FeedLoader can end at a failed later page with the pages loaded, or fail")
  func everyPageOfAList() async throws {
    let (one, two) = ([uniqueImage()], [uniqueImage()])
    let first = { @Sendable in
      try await FeedPager(loadPage: PageSource([one], thenFailOnce: AnyError(), then: [two]).load).load()
    }

    #expect(try await AllPagesFeedLoader(endingAtFailure: true, firstPage: first).load() == one)
    await #expect(throws: AnyError.self) { _ = try await AllPagesFeedLoader(firstPage: first).load() }
  }

  @Test("PG-19 a paginated list still going at the bound fails as the pager's does; a list cut on request ends there")
  func paginatedListCutAtTheBound() async throws {
    let endless = { @Sendable in
      try await FeedPager(loadPage: PageSource((0..<10).map { _ in [uniqueImage()] }).load).load()
    }
    await #expect(throws: FeedPager.Error.listDidNotEnd(pages: 3, images: 3)) {
      _ = try await AllPagesFeedLoader(maximumPages: 3, firstPage: endless).load()
    }
    #expect(try await AllPagesFeedLoader(maximumPages: 3, endingAtBound: true, firstPage: endless).load().count == 3)

    let three = { @Sendable in
      try await FeedPager(loadPage: PageSource([[uniqueImage()], [uniqueImage()], [uniqueImage()], []]).load).load()
    }
    #expect(try await AllPagesFeedLoader(maximumPages: 3, firstPage: three).load().count == 3, "it ends at the bound")
  }

  @Test(
    "PG-20 both ways to load every page follow one loop: the same images, requests and bound error from every source",
    arguments: [
      [[Int]](), [[]], [[1], [2], []], [[1], [2], [3]], [[1], [2], [3], []], [[1], [2], [3], [4]],
      [[1, 2], [1, 2], [3]], [[1], [1, 2], [2], [3]], [[1], [2]],
    ])
  func oneLoopForEveryPage(pages: [[Int]]) async throws {
    let images = (0..<5).map { _ in uniqueImage() }
    let source = { PageSource(pages.map { $0.map { images[$0] } }) }
    let (byPage, byList) = (source(), source())

    let pageByPage = await outcome(AllPagesFeedLoader(maximumPages: 3, loadPage: byPage.load))
    let listByList = await outcome(
      AllPagesFeedLoader(maximumPages: 3) { try await FeedPager(loadPage: byList.load).load() })

    #expect(pageByPage == listByList)
    #expect(byPage.requestedAfter == byList.requestedAfter)
  }

  @Test("PG-16 a page that failed with an error worth a retry is asked for again, a bounded number of times in all")
  func retriesAPage() async throws {
    let (one, two) = ([uniqueImage()], [uniqueImage()])
    let source = PageSource([one], thenFailOnce: AnyError(), then: [two])
    let retrying = FeedPager.retrying(attempts: 3, when: { $0 is AnyError }, source.load)

    #expect(try await AllPagesFeedLoader(loadPage: retrying).load() == one + two)
    #expect(source.requestedAfter == [nil, one[0].id, one[0].id, two[0].id])

    let failures = FailingPages(AnyError())
    await #expect(throws: AnyError.self) {
      _ = try await FeedPager.retrying(attempts: 3, when: { _ in true }, failures.load)(nil)
    }
    #expect(failures.requests == 3)

    let notWorthIt = FailingPages(AnyError())
    await #expect(throws: AnyError.self) {
      _ = try await FeedPager.retrying(attempts: 3, when: { _ in false }, notWorthIt.load)(nil)
    }
    #expect(notWorthIt.requests == 1)

    let cancelled = FailingPages(CancellationError())
    await #expect(throws: CancellationError.self) {
      _ = try await FeedPager.retrying(attempts: 3, when: { _ in true }, cancelled.load)(nil)
    }
    #expect(cancelled.requests == 1)
  }

  @Test("PG-17 every paged resource takes the last image delivered as its cursor, as the feed's endpoint does")
  func oneCursorVocabulary() async throws {
    let (base, images) = (anyURL(), (0..<4).map { _ in uniqueImage() })
    let client = HTTPClientSpy()
    _ = try? await RemoteLikedImagesLoader(baseURL: base, client: client, limit: 2).loadPage(after: images[1])
    _ = try? await RemoteFeedPageLoader(baseURL: base, client: client, limit: 2).loadPage(after: images[1])
    let liked = LikesEndpoint.list(after: images[1], limit: 2).url(baseURL: base)
    let feed = FeedEndpoint.get(after: images[1], limit: 2).url(baseURL: base)
    #expect(client.messages == [.get(liked), .get(feed)])
    #expect(liked.query?.contains("after_id=\(images[1].id.uuidString)") == true)

    let pages = LocalFeedPageLoader(store: InMemoryFeedStore())
    _ = try await pages.append(images)
    #expect(try await pages.page(after: images[1], limit: 2) == Array(images[2...]))
    #expect(try await pages.page(before: images[2], limit: 2) == Array(images[..<2]))
  }
}

/// What a load ended with, as text to compare: its images' ids, or its error.
private func outcome(_ loader: AllPagesFeedLoader) async -> String {
  do {
    return "\(try await loader.load().map(\.id))"
  } catch {
    return "\(error)"
  }
}

/// A page source whose every page fails with one error, counting the requests.
private final class FailingPages: Sendable {
  private let error: any Error
  private let count = Mutex(0)

  init(_ error: any Error) {
    self.error = error
  }

  var requests: Int { count.withLock { $0 } }

  @Sendable func load(after last: FeedImage?) async throws -> [FeedImage] {
    count.withLock { $0 += 1 }
    throw error
  }
}
