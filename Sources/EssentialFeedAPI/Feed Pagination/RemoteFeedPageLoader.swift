import EssentialFeed
import Foundation

/// Loads one page of the remote feed, `GET <base>/v1/feed?limit=N[&after_id=<id>]`, or of a keyword search,
/// `GET <base>/v1/feed/search?q=<keyword>&limit=N[&after_id=<id>]`.
///
/// Compose it with ``/EssentialFeed/FeedPager``, which keeps the cursor, drops images already delivered and ends
/// the list: `FeedPager(loadPage: { try await remote.loadPage(after: $0) }, cache: localFeed)`.
public struct RemoteFeedPageLoader: Sendable {
  private let baseURL: URL
  private let client: any HTTPClient
  private let limit: Int
  private let keyword: String?

  /// Creates a page loader.
  ///
  /// - Parameters:
  ///   - baseURL: The API's root.
  ///   - client: The HTTP client.
  ///   - keyword: The keyword to search for, or `nil` for the feed itself.
  ///   - limit: How many images each page asks for (at least 1): the endpoint's `limit`.
  public init(baseURL: URL, client: any HTTPClient, keyword: String? = nil, limit: Int = 30) {
    self.baseURL = baseURL
    self.client = client
    self.keyword = keyword
    self.limit = max(1, limit)
  }

  /// Loads the page after `last`, or the first page.
  ///
  /// - Parameter last: The last image delivered so far, or `nil` for the first page.
  /// - Returns: The page's images as the server sent them.
  /// - Throws: `RemoteFeedLoader.Error`, or `CancellationError`.
  public func loadPage(after last: FeedImage?) async throws -> [FeedImage] {
    let endpoint: FeedEndpoint =
      keyword.map { .search($0, after: last, limit: limit) } ?? .get(after: last, limit: limit)
    let url = endpoint.url(baseURL: baseURL)
    return try await RemoteFeedLoader(url: url, client: client).load()
  }
}
