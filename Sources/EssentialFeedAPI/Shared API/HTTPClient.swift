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

  /// Performs `request`, whatever its method, headers and body.
  ///
  /// The default performs a GET through ``get(from:)`` and refuses any other method with
  /// ``HTTPClientUnsupportedRequest``, so a client written before this requirement keeps working for reads.
  ///
  /// - Parameter request: The request to perform.
  /// - Returns: The response body (possibly empty) and the HTTP response.
  func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// An ``HTTPClient`` that implements only ``HTTPClient/get(from:)`` was asked for another method.
public struct HTTPClientUnsupportedRequest: Error, Hashable, Sendable {
  /// The method asked for.
  public let method: String
}

extension HTTPClient {
  /// Performs a GET through ``get(from:)``; any other method throws ``HTTPClientUnsupportedRequest``.
  ///
  /// - Parameter request: The request to perform.
  public func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    let method = request.httpMethod ?? "GET"
    guard method == "GET", let url = request.url else { throw HTTPClientUnsupportedRequest(method: method) }
    return try await get(from: url)
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
