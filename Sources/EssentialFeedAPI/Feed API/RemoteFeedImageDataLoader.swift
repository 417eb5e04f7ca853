import EssentialFeed
import Foundation

/// Loads image data from the image's URL over an ``HTTPClient``.
public struct RemoteFeedImageDataLoader: FeedImageDataLoader {
  /// Why a remote image data load failed.
  public enum Error: Swift.Error, Sendable, Equatable {
    /// No HTTP response arrived: the server could not be reached or the transport failed.
    case connectivity
    /// A response arrived but it is not image data: a status other than 200, or an empty body.
    case invalidData
  }

  private let client: any HTTPClient

  /// Creates a loader that requests images through `client`; nothing is requested until a load.
  ///
  /// - Parameter client: The client that performs the requests.
  public init(client: any HTTPClient) {
    self.client = client
  }

  /// Requests the image at `url` and maps the response with ``FeedImageDataMapper``.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The image's bytes, never empty.
  /// - Throws: ``Error/connectivity`` on a transport failure; ``Error/invalidData`` on an invalid response;
  ///   `CancellationError` when the calling task is cancelled, whatever the client answered.
  public func loadImageData(from url: URL) async throws -> Data {
    let (data, response) = try await client.get(from: url, connectivity: Error.connectivity)
    return try FeedImageDataMapper.map(data, from: response)
  }
}
