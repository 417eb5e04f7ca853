import EssentialFeed
import Foundation

/// Loads one page of the remote feed: `GET <base>/v1/feed?limit=N[&after_id=<id>]`.
///
/// Compose it with ``EssentialFeed/FeedPager``, which keeps the cursor, drops images already delivered and ends
/// the list: `FeedPager(loadPage: { try await remote.loadPage(after: $0) }, cache: localFeed)`.
public struct RemoteFeedPageLoader: Sendable {
  private let baseURL: URL
  private let client: any HTTPClient
  private let pageSize: Int

  /// Creates a page loader.
  ///
  /// - Parameters:
  ///   - baseURL: The API's root.
  ///   - client: The HTTP client.
  ///   - pageSize: How many images a page asks for (at least 1).
  public init(baseURL: URL, client: any HTTPClient, pageSize: Int = 30) {
    self.baseURL = baseURL
    self.client = client
    self.pageSize = max(1, pageSize)
  }

  /// Loads the page after `last`, or the first page.
  ///
  /// - Parameter last: The last image delivered so far, or `nil` for the first page.
  /// - Returns: The page's images as the server sent them.
  /// - Throws: `RemoteFeedLoader.Error`, or `CancellationError`.
  public func loadPage(after last: FeedImage?) async throws -> [FeedImage] {
    let url = FeedEndpoint.get(after: last, limit: pageSize).url(baseURL: baseURL)
    return try await RemoteFeedLoader(url: url, client: client).load()
  }
}
