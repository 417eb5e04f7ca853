import EssentialFeed
import Foundation

/// Loads the liked images a page at a time (``LikesEndpoint/list(after:limit:)``), with the feed's item JSON and
/// mapping rules. As a `FeedLoader`, it loads every page, so it composes with the feed's cache decorator and
/// fallback: `FeedLoaderWithFallbackComposite(primary: FeedLoaderCacheDecorator(decoratee: remote, cache: local),
/// fallback: local)`.
public struct RemoteLikedImagesLoader: FeedLoader {
  private let baseURL: URL
  private let client: any HTTPClient
  private let limit: Int

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - baseURL: The API's base URL.
  ///   - client: The HTTP client.
  ///   - limit: How many images each page asks for (at least 1; default 30): the endpoint's `limit`.
  public init(baseURL: URL, client: any HTTPClient, limit: Int = 30) {
    self.baseURL = baseURL
    self.client = client
    self.limit = max(1, limit)
  }

  /// The page after `last`, or the first page.
  ///
  /// - Parameter last: The last image of the page before, or `nil` for the first page.
  /// - Returns: The page's images; fewer than the page size, or none, at the end.
  /// - Throws: ``RemoteFeedLoader/Error``.
  public func loadPage(after last: FeedImage?) async throws -> [FeedImage] {
    let url = LikesEndpoint.list(after: last, limit: limit).url(baseURL: baseURL)
    return try await RemoteFeedLoader(url: url, client: client).load()
  }

  /// Every liked image, page after page, with ``/EssentialFeed/FeedPager``'s rules (images already delivered are
  /// dropped; a short page ends the list).
  ///
  /// - Throws: ``RemoteFeedLoader/Error``.
  public func load() async throws -> [FeedImage] {
    try await FeedPager(loadPage: { try await loadPage(after: $0) }).loadAll()
  }
}
