import BenchmarkTwins
import EssentialFeed
import EssentialFeedAPI
import Foundation

extension Pair {
  /// The feed mapped by the strict mapper, against plain `Decodable` (the wall-clock suite's mapping pair): the
  /// strict scan and the absolute http(s) URL check are what the twin skips.
  static let decodableMapping = Pair(name: "mapping vs Decodable", goal: 1.05, sizes: [100, 1_000, 10_000]) { size in
    let data = Payloads.json(size)
    return Sides(
      ours: { keep(try FeedItemsMapper.map(data, from: Payloads.ok)) },
      raw: { keep(try Raw.map(data)) })
  }

  /// Image comments mapped by their mapper, against plain `Decodable` with ISO 8601 dates.
  static let commentsMapping = Pair(name: "comments mapping", goal: 1.3, sizes: [100, 1_000, 10_000]) { size in
    let data = Payloads.commentsJSON(size)
    return Sides(
      ours: { keep(try ImageCommentsMapper.map(data, from: Payloads.ok)) },
      raw: { keep(try Raw.comments(data)) })
  }

  /// Cursor pagination: every page of 30 through `FeedPager` and `RemoteFeedPageLoader`, against the same requests
  /// and decoding by hand. Sizes are pages.
  static let paging = Pair(name: "paging", goal: 1.3, sizes: [1, 10, 100]) { pages in
    let server = PagedServer(pages: pages)
    let remote = RemoteFeedPageLoader(
      baseURL: URL(fileURLWithPath: "/"), client: server, limit: PagedServer.pageSize)
    return Sides(
      ours: { keep(try await FeedPager(loadPage: { try await remote.loadPage(after: $0) }).loadAll()) },
      raw: { keep(try server.rawPages()) })
  }
}
