import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``HTTPClient`` backed by `URLSession`.
///
/// Cancelling the calling task cancels the underlying `URLSessionDataTask`, and the call throws
/// `CancellationError`; a `URLError(.cancelled)` from the session surfaces the same way. A response body larger than
/// `maximumBodySize` fails with ``Error/bodyTooLarge(limit:)``: a client made with
/// ``init(configuration:maximumBodySize:)`` stops reading as soon as the body passes the limit, so a huge answer
/// never fills memory; one made with ``init(session:maximumBodySize:)`` can only check the body once it has arrived.
///
/// The client enforces its session configuration's `timeoutIntervalForResource` itself (swift-corelibs-foundation
/// ignores it): a request still running after that long is cancelled and fails with `URLError(.timedOut)`, so a
/// server that sends a byte now and then, which never trips the idle `timeoutIntervalForRequest`, cannot hang a load.
public final class URLSessionHTTPClient: HTTPRequestClient {
  /// Failures of the client itself, beyond the session's own transport errors.
  public enum Error: Swift.Error, Sendable, Equatable {
    /// The session completed without an error but the response was not an HTTP response.
    case nonHTTPResponse
    /// The response body was larger than the client's limit, in bytes.
    case bodyTooLarge(limit: Int)
  }

  /// The default limit on a response body: 32 MiB, far above any feed page or image the package expects.
  public static let defaultMaximumBodySize = 32 << 20

  private let session: URLSession
  private let limiter: BodyLimiter?
  private let maximumBodySize: Int

  /// Creates a client that performs its requests on `session`.
  ///
  /// - Parameters:
  ///   - session: The session to use; its configuration (timeouts, caching, protocol classes) applies.
  ///   - maximumBodySize: The largest body accepted, checked when the body has arrived.
  public init(session: URLSession, maximumBodySize: Int = URLSessionHTTPClient.defaultMaximumBodySize) {
    self.session = session
    self.maximumBodySize = maximumBodySize
    limiter = nil
  }

  /// Creates a client on a session of its own with `configuration`, which stops reading a body past
  /// `maximumBodySize`.
  ///
  /// Set the configuration's `timeoutIntervalForResource` to bound a whole request: `timeoutIntervalForRequest` is
  /// only an idle timeout, which a server sending a byte now and then never trips.
  ///
  /// Memory is bounded by the limit, whatever the server sends: each request keeps at most `maximumBodySize` bytes
  /// (in a buffer that may reach twice that as it grows), plus, on Linux, at most 64 chunks of the network's waiting
  /// for the delegate (see `DelegateQueue`). The session has no `URLCache`, whatever `configuration` says:
  /// swift-corelibs-foundation keeps a copy of every body it may cache, however large.
  ///
  /// - Parameters:
  ///   - configuration: The session's configuration.
  ///   - maximumBodySize: The largest body accepted; the request is cancelled as soon as the body passes it.
  public init(
    configuration: URLSessionConfiguration, maximumBodySize: Int = URLSessionHTTPClient.defaultMaximumBodySize
  ) {
    let limiter = BodyLimiter(limit: maximumBodySize)
    self.limiter = limiter
    self.maximumBodySize = maximumBodySize
    let uncached = (configuration.copy() as? URLSessionConfiguration) ?? configuration
    uncached.urlCache = nil
    #if canImport(FoundationNetworking)
      session = URLSession(configuration: uncached, delegate: limiter, delegateQueue: DelegateQueue())
    #else
      session = URLSession(configuration: uncached, delegate: limiter, delegateQueue: nil)
    #endif
  }

  deinit {
    if limiter != nil { session.finishTasksAndInvalidate() }
  }

  /// Performs a GET request for `url` on the session.
  ///
  /// - Parameter url: The resource to request.
  /// - Returns: The response body (empty when the server sent none) and the HTTP response.
  /// - Throws: The session's `URLError` on a transport failure or a timeout; ``Error/nonHTTPResponse`` when the
  ///   response is not HTTP; ``Error/bodyTooLarge(limit:)``; `CancellationError` when the calling task is cancelled
  ///   or the session reports `URLError(.cancelled)`.
  public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    return try await perform(request)
  }

  /// Performs `request`, whatever its method, headers and body, with the same limits and cancellation as
  /// ``get(from:)``.
  ///
  /// - Parameter request: The request to perform.
  /// - Returns: The response body (possibly empty) and the HTTP response.
  /// - Throws: As ``get(from:)``.
  public func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    try Task.checkCancellation()
    let handle = DataTaskHandle()
    let limit = maximumBodySize
    // A dispatch timer, not a task: it fires even when every cooperative-pool thread is busy. A timer source, not
    // `asyncAfter`: a cancelled work item stays queued, with what it holds, until its deadline (7 days by default),
    // so every request kept about 0.7 KB alive for the whole resource timeout; a cancelled source is freed at once.
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: .now() + session.configuration.timeoutIntervalForResource)
    timer.setEventHandler { [limiter] in if let task = handle.timeOut() { limiter?.unregister(task) } }
    timer.resume()
    defer { timer.cancel() }

    let result = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Swift.Error>) in
        let task: URLSessionDataTask
        if let limiter {
          task = session.dataTask(with: request)
          limiter.register(task) { handle.finish(with: Self.result($0, $1, $2, limit: limit)) }
        } else {
          task = session.dataTask(with: request) { handle.finish(with: Self.result($0, $1, $2, limit: limit)) }
        }
        if handle.start(task, continuation) {
          task.resume()
        } else {
          limiter?.unregister(task)  // Cancelled before it started: it never runs.
        }
      }
    } onCancel: {
      // What arrives of a cancelled body until its task stops is dropped, not kept against the limit.
      if let task = handle.cancel() { limiter?.unregister(task) }
    }
    try Task.checkCancellation()
    return result
  }

  private static func result(
    _ data: Data?, _ response: URLResponse?, _ error: (any Swift.Error)?, limit: Int
  ) -> Result<(Data, HTTPURLResponse), any Swift.Error> {
    if let error {
      if let urlError = error as? URLError, urlError.code == .cancelled {
        return .failure(CancellationError())
      }
      return .failure(error)
    }
    guard let response = response as? HTTPURLResponse else {
      return .failure(Error.nonHTTPResponse)
    }
    guard (data?.count ?? 0) <= limit else { return .failure(Error.bodyTooLarge(limit: limit)) }
    return .success((data ?? Data(), response))
  }
}
