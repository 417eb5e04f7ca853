import EssentialFeed
import Foundation

/// Loads the feed from the feed API over an ``HTTPClient``.
public struct RemoteFeedLoader: FeedLoader {
  /// Why a remote feed load failed.
  public enum Error: Swift.Error, Sendable, Equatable {
    /// No HTTP response arrived: the server could not be reached or the transport failed.
    case connectivity
    /// A response arrived but it is not a feed: a status other than 200, malformed JSON, or an invalid item.
    case invalidData
  }

  private let url: URL
  private let client: any HTTPClient

  /// Creates a loader for the feed at `url`; nothing is requested until ``load()``.
  ///
  /// - Parameters:
  ///   - url: The feed's URL, for example from ``FeedEndpoint/url(baseURL:)``.
  ///   - client: The client that performs the request.
  public init(url: URL, client: any HTTPClient) {
    self.url = url
    self.client = client
  }

  /// Requests the feed and maps the response with ``FeedItemsMapper``.
  ///
  /// - Returns: The feed's images in the order the API lists them.
  /// - Throws: ``Error/connectivity`` on a transport failure; ``Error/invalidData`` on an invalid response;
  ///   `CancellationError` when the calling task is cancelled, whatever the client answered.
  public func load() async throws -> [FeedImage] {
    let (data, response) = try await client.get(from: url, connectivity: Error.connectivity)
    return try FeedItemsMapper.map(data, from: response)
  }
}
