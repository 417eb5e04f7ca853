import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation
import Synchronization
import Testing

@Suite("Keyword search")
struct FeedSearchSpecs {
  @Test(
    "SR-1 a search page is GET <base>/v1/feed/search?q=<trimmed keyword>&limit=30[&after_id=<id>], the keyword one exact query value",
    arguments: [
      "kyoto", "  Café 東京 ☕️ ", "a&b=c+d#e%f?g/h", "tab\tnewline\nnull\u{0}bell\u{7}",
      String(repeating: "長い", count: 5_000),
    ])
  func searchURL(keyword: String) throws {
    let base = try #require(URL(string: "https://api.example.com/root"))
    let after = uniqueImage()

    let url = FeedEndpoint.search(keyword, after: after).url(baseURL: base)
    let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))

    #expect(components.path == "/root/v1/feed/search")
    #expect(
      components.queryItems == [
        URLQueryItem(name: "q", value: keyword.trimmingCharacters(in: .whitespacesAndNewlines)),
        URLQueryItem(name: "limit", value: "30"), URLQueryItem(name: "after_id", value: after.id.uuidString),
      ])
    #expect(url.fragment == nil)
    #expect(
      FeedEndpoint.search(keyword).url(baseURL: base).query
        == components.percentEncodedQuery?.replacingOccurrences(of: "&after_id=\(after.id.uuidString)", with: ""))
  }

  @Test("SR-2 an empty or blank keyword sends no request and delivers no results")
  func emptyKeyword() async throws {
    let remote = SearchSpy(answer: .success([uniqueImage()]))
    let sut = FeedSearch(remote: remote.search, cached: { _ in nil }, cachedFeed: { [] })

    #expect(try await sut.search("   \n").items.isEmpty)
    #expect(remote.keywords.isEmpty)
  }

  @Test("SR-3 each page of a search is cached: the first replaces the last search, later pages are appended")
  func cachesEveryPage() async throws {
    let store = InMemoryFeedStore()
    let local = LocalFeedSearchLoader(store: store, currentDate: { Date(timeIntervalSinceReferenceDate: 9) })
    await store.replaceSearch(with: uniqueFeed().local, for: "older", timestamp: .distantPast)
    let (one, two) = ([uniqueImage()], [uniqueImage()])
    let pages = Mutex([one, two, []])
    let pager = FeedPager(loadPage: { _ in pages.withLock { $0.removeFirst() } }, cache: local.cache(for: "Kyoto"))

    _ = try await pager.load().loadingAll()

    let kept = await store.retrieveSearch()
    #expect(
      kept
        == CachedSearch(
          keyword: "Kyoto", results: (one + two).map(LocalFeedImage.init),
          timestamp: Date(timeIntervalSinceReferenceDate: 9)))
  }

  @Test(
    "SR-10 caching a search's pages is idempotent: a retry of an earlier page, then a later page, saves each result once"
  )
  func retriedPageIsSavedOnce() async throws {
    let store = InMemoryFeedStore()
    let local = LocalFeedSearchLoader(store: store, currentDate: { Date(timeIntervalSinceReferenceDate: 9) })
    let pages = (0..<4).map { _ in (0..<10).map { _ in uniqueImage() } }
    let pager = FeedPager(
      loadPage: { after in
        let index = after.flatMap { last in pages.firstIndex { $0.contains(last) } }.map { $0 + 1 } ?? 0
        return index < pages.count ? pages[index] : []
      }, cache: local.cache(for: "kyoto"))

    let first = try await pager.load()
    let afterFirst = try #require(first.loadMore)
    let second = try await afterFirst()
    let afterSecond = try #require(second.loadMore)
    let afterThird = try #require(try await afterSecond().loadMore)
    _ = try await afterFirst()  // a retry of the second page, on the first page's list
    _ = try await afterThird()

    let kept = try #require(await store.retrieveSearch())
    #expect(kept.results.map(\.id) == pages.joined().map(\.id), "\(kept.results.count) results cached, not 40")
  }

  @Test("SR-4 offline, the same keyword without case or surrounding spaces delivers the cached results, while valid")
  func offlineSameKeyword() async throws {
    let store = InMemoryFeedStore()
    let results = uniqueFeed()
    await store.replaceSearch(with: results.local, for: "Kyoto", timestamp: fixedCurrentDate)
    let fresh = LocalFeedSearchLoader(store: store, currentDate: { fixedCurrentDate.adding(days: 6) })
    let expired = LocalFeedSearchLoader(store: store, currentDate: { fixedCurrentDate.adding(days: 7) })
    let offline = SearchSpy(answer: .failure(AnyError()))

    let sut = FeedSearch(remote: offline.search, cached: fresh.load(keyword:), cachedFeed: { [] })
    #expect(try await sut.search(" kYOTO ").items == results.models)

    let stale = FeedSearch(remote: offline.search, cached: expired.load(keyword:), cachedFeed: { [] })
    await #expect(throws: AnyError.self) { try await stale.search("kyoto") }
  }

  @Test("SR-5 offline, another keyword matches the cached feed's text; with no match it is the remote's error")
  func offlineOtherKeyword() async throws {
    let feed = [
      uniqueImage(description: "Rain in KYŌTO", location: nil), uniqueImage(description: nil, location: "Lisbon"),
    ]
    let sut = FeedSearch(
      remote: SearchSpy(answer: .failure(RemoteFeedLoader.Error.connectivity)).search, cached: { _ in nil },
      cachedFeed: { feed })

    #expect(try await sut.search("kyoto").items == [feed[0]])
    await #expect(throws: RemoteFeedLoader.Error.connectivity) { try await sut.search("oslo") }
  }

  @Test("SR-7 a cancelled search is never a failure to fall back from")
  func cancelledSearch() async throws {
    let cachedAsked = Mutex(false)
    let sut = FeedSearch(
      remote: { _ in throw CancellationError() },
      cached: { _ in
        cachedAsked.withLock { $0 = true }
        return [uniqueImage()]
      }, cachedFeed: { [] })

    await #expect(throws: CancellationError.self) { try await sut.search("kyoto") }
    #expect(!cachedAsked.withLock { $0 })
  }
}

/// A remote search that records each keyword and gives one answer.
final class SearchSpy: Sendable {
  private let state: Mutex<[String]> = Mutex([])
  private let answer: Result<[FeedImage], any Error>

  init(answer: Result<[FeedImage], any Error>) {
    self.answer = answer
  }

  var keywords: [String] { state.withLock { $0 } }

  @Sendable func search(_ keyword: String) async throws -> Paginated<FeedImage> {
    state.withLock { $0.append(keyword) }
    return Paginated(items: try answer.get())
  }
}
