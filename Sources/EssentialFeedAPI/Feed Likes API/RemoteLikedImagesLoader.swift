import EssentialFeed
import Foundation

/// Loads the liked images a page at a time (``LikesEndpoint/list(after:limit:)``), with the feed's item JSON and
/// mapping rules.
public struct RemoteLikedImagesLoader: Sendable {
  private let baseURL: URL
  private let client: any HTTPClient
  private let pageSize: Int

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - baseURL: The API's base URL.
  ///   - client: The HTTP client.
  ///   - pageSize: Images per page (at least 1; default 30).
  public init(baseURL: URL, client: any HTTPClient, pageSize: Int = 30) {
    self.baseURL = baseURL
    self.client = client
    self.pageSize = max(1, pageSize)
  }

  /// The page after `last`, or the first page.
  ///
  /// - Parameter last: The last image of the page before, or `nil` for the first page.
  /// - Returns: The page's images; fewer than the page size, or none, at the end.
  /// - Throws: ``RemoteFeedLoader/Error``.
  public func loadPage(after last: UUID?) async throws -> [FeedImage] {
    let url = LikesEndpoint.list(after: last, limit: pageSize).url(baseURL: baseURL)
    return try await RemoteFeedLoader(url: url, client: client).load()
  }

  /// Every liked image, page after page, until a page is short.
  ///
  /// - Throws: ``RemoteFeedLoader/Error``.
  public func loadAll() async throws -> [FeedImage] {
    var images: [FeedImage] = []
    var seen = Set<UUID>()
    while true {
      let page = try await loadPage(after: images.last?.id)
      let fresh = page.filter { seen.insert($0.id).inserted }
      images += fresh
      if page.count < pageSize || fresh.isEmpty { return images }
    }
  }
}
