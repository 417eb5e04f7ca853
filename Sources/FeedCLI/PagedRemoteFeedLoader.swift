import EssentialFeed
import EssentialFeedAPI
import Foundation

/// Loads every page of the remote feed: `FeedEndpoint.get(after:limit:)` until a page comes back short.
struct PagedRemoteFeedLoader: FeedLoader {
  let baseURL: URL
  let client: any HTTPClient
  var pageSize = 20
  var maxPages = 100

  func load() async throws -> [FeedImage] {
    var feed: [FeedImage] = []
    for _ in 0..<maxPages {
      let url = FeedEndpoint.get(after: feed.last, limit: pageSize).url(baseURL: baseURL)
      let page = try await RemoteFeedLoader(url: url, client: client).load()
      feed += page
      if page.count < pageSize { break }
    }
    return feed
  }
}
