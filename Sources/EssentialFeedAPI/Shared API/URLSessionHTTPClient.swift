import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``HTTPClient`` backed by `URLSession`.
///
/// Cancelling the calling task cancels the underlying `URLSessionDataTask`, and the call throws
/// `CancellationError`; a `URLError(.cancelled)` from the session surfaces the same way.
public final class URLSessionHTTPClient: HTTPClient {
  /// Failures of the client itself, beyond the session's own transport errors.
  public enum Error: Swift.Error, Sendable, Equatable {
    /// The session completed without an error but the response was not an HTTP response.
    case nonHTTPResponse
  }

  private let session: URLSession

  /// Creates a client that performs its requests on `session`.
  ///
  /// - Parameter session: The session to use; its configuration (timeouts, caching, protocol classes) applies.
  public init(session: URLSession) {
    self.session = session
  }

  /// Performs a GET request for `url` on the session.
  ///
  /// - Parameter url: The resource to request.
  /// - Returns: The response body (empty when the server sent none) and the HTTP response.
  /// - Throws: The session's `URLError` on a transport failure; ``Error/nonHTTPResponse`` when the response is not
  ///   HTTP; `CancellationError` when the calling task is cancelled or the session reports `URLError(.cancelled)`.
  public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    try Task.checkCancellation()
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    let handle = DataTaskHandle()

    let result = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Swift.Error>) in
        let task = session.dataTask(with: request) { data, response, error in
          continuation.resume(with: Self.result(data: data, response: response, error: error))
        }
        if handle.start(task) {
          task.resume()
        } else {
          // Cancelled before the task started: it never runs, so its completion handler never resumes.
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      handle.cancel()
    }
    try Task.checkCancellation()
    return result
  }

  private static func result(
    data: Data?, response: URLResponse?, error: (any Swift.Error)?
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
    return .success((data ?? Data(), response))
  }
}

/// The data task of one request, shared between the request and its cancellation handler.
private final class DataTaskHandle: Sendable {
  private enum State {
    case idle
    case running(URLSessionDataTask)
    case cancelled
  }

  private let state = Mutex(State.idle)

  /// Records `task` as running; returns `false` when cancellation came first, and the task must not start.
  func start(_ task: URLSessionDataTask) -> Bool {
    state.withLock { state in
      guard case .idle = state else { return false }
      state = .running(task)
      return true
    }
  }

  func cancel() {
    let task: URLSessionDataTask? = state.withLock { state in
      defer { state = .cancelled }
      if case .running(let task) = state { return task }
      return nil
    }
    task?.cancel()
  }
}
