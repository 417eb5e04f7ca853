import EssentialFeed
import Foundation

/// Loads an image's comments from the API: ``ImageCommentsEndpoint`` over any ``HTTPClient``.
public struct RemoteImageCommentsLoader: Sendable {
  /// Why the comments could not be loaded.
  public enum Error: Swift.Error, Sendable, Equatable {
    /// The request failed: no connection, a timeout, a refused connection.
    case connectivity
    /// The response was not the comments JSON with a 2xx status.
    case invalidData
  }

  private let url: URL
  private let client: any HTTPClient

  /// Creates a loader for the comments at `url`, such as `ImageCommentsEndpoint.get(id).url(baseURL:)`.
  public init(url: URL, client: any HTTPClient) {
    self.url = url
    self.client = client
  }

  /// Requests the comments and maps the response with ``ImageCommentsMapper``.
  ///
  /// - Throws: ``Error/connectivity``, ``Error/invalidData``, or `CancellationError` when the calling task is
  ///   cancelled, whatever the client answered.
  public func load() async throws -> [ImageComment] {
    let (data, response) = try await client.get(from: url, connectivity: Error.connectivity)
    do {
      return try ImageCommentsMapper.map(data, from: response)
    } catch {
      throw Error.invalidData
    }
  }
}
