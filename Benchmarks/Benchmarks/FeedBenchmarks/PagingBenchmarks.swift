import Benchmark
import BenchmarkTwins
import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

func pagingBenchmarks() {
  let server = PagedServer(pages: 100)
  let base = URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/")

  // MARK: Paging: 100 pages of 30 through FeedPager, against the same requests and decoding by hand

  Benchmark("Paging 100x30.ours") { benchmark in
    let remote = RemoteFeedPageLoader(baseURL: base, client: server, limit: PagedServer.pageSize)
    for _ in benchmark.scaledIterations {
      let all = try await FeedPager(loadPage: { try await remote.loadPage(after: $0) }).loadAll()
      blackHole(all)
    }
  }
  Benchmark("Paging 100x30.raw") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try server.rawPages()) }
  }

  // MARK: The last search: replace 10,000 results and read them back, against one raw SQLite transaction

  let results = Payloads.images(10_000)
  let local = results.map(LocalFeedImage.init)
  let plain = results.map(PlainImage.init)
  Benchmark("Search cache round trip 10000.ours") { benchmark in
    let directory = Payloads.temporaryDirectory("sqlite-search")
    let store = SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite"))
    for _ in benchmark.scaledIterations {
      try await store.replaceSearch(with: local, for: "kyoto", timestamp: Date())
      blackHole(try await store.retrieveSearch())
    }
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("Search cache round trip 10000.raw") { benchmark in
    let directory = Payloads.temporaryDirectory("raw-sqlite-search")
    let baseline = RawSQLiteBaseline(path: directory.appending(path: "feed.sqlite").path(percentEncoded: false))
    for _ in benchmark.scaledIterations { blackHole(baseline.roundTrip(plain)) }
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: Image comments: mapping 10,000 comments, against plain Decodable with ISO 8601 dates

  let comments = Payloads.commentsJSON(10_000)
  Benchmark("Comments mapping 10000.ours") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try ImageCommentsMapper.map(comments, from: Payloads.ok)) }
  }
  Benchmark("Comments mapping 10000.raw") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try Raw.comments(comments)) }
  }
}
