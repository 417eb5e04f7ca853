import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Performs HTTP GET requests: the one boundary between the remote use cases and the network.
///
/// Implementations deliver any HTTP response, whatever its status code; mapping a status to a result is the
/// caller's job. When the calling task is cancelled, the request is cancelled and `CancellationError` is thrown.
public protocol HTTPClient: Sendable {
  /// Performs a GET request for `url`.
  ///
  /// - Parameter url: The resource to request.
  /// - Returns: The response body (possibly empty) and the HTTP response.
  /// - Throws: A transport error of the implementation's choosing when no HTTP response arrives, or
  ///   `CancellationError` when the calling task is cancelled.
  func get(from url: URL) async throws -> (Data, HTTPURLResponse)
}

/// An ``HTTPClient`` that performs any request: PUT and DELETE, headers and bodies, as sending likes needs. A separate
/// protocol, so a client that only GETs cannot be handed to a sender and fail at run time: the compiler refuses it.
public protocol HTTPRequestClient: HTTPClient {
  /// Performs `request`, whatever its method, headers and body.
  ///
  /// - Parameter request: The request to perform.
  /// - Returns: The response body (possibly empty) and the HTTP response, whatever its status code.
  /// - Throws: A transport error when no HTTP response arrives, or `CancellationError` when the calling task is
  ///   cancelled.
  func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

extension HTTPRequestClient {
  /// Performs a GET of `url` through ``perform(_:)``.
  ///
  /// - Parameter url: The resource to request.
  public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    try await perform(URLRequest(url: url))
  }
}

extension HTTPClient {
  /// Performs a GET on behalf of a remote loader: cancellation stays `CancellationError`, every other failure
  /// becomes `connectivity`, and nothing is delivered once the calling task is cancelled.
  func get<Failure: Error>(from url: URL, connectivity: Failure) async throws -> (Data, HTTPURLResponse) {
    try Task.checkCancellation()
    let result: (Data, HTTPURLResponse)
    do {
      result = try await get(from: url)
    } catch let error as CancellationError {
      throw error
    } catch {
      try Task.checkCancellation()
      throw connectivity
    }
    try Task.checkCancellation()
    return result
  }
}
