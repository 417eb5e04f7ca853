import EssentialFeedAPI
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An `HTTPClient` that records every request and answers with a stubbed result.
///
/// `.waitForCancellation` makes a request hang until its task is cancelled, so a spec can check that cancelling
/// the caller cancels the request, and what the caller delivers when the client answers after that.
final class HTTPClientSpy: HTTPClient {
  enum Message: Equatable {
    case get(URL)
    case cancelled(URL)
  }

  enum Stub: Sendable {
    case success(Data, HTTPURLResponse)
    case failure(any Error)
    /// Hang until the request's task is cancelled, then answer with `then`.
    case waitForCancellation(then: Result<(Data, HTTPURLResponse), any Error>)
  }

  private struct State {
    var messages: [Message] = []
    var stub: Stub
  }

  private let state: Mutex<State>
  private let changes = StateChanges()

  init(stub: Stub = .failure(AnyError())) {
    state = Mutex(State(stub: stub))
  }

  var messages: [Message] { state.withLock { $0.messages } }

  var requestedURLs: [URL] {
    messages.compactMap { if case .get(let url) = $0 { url } else { nil } }
  }

  func stub(_ stub: Stub) {
    state.withLock { $0.stub = stub }
  }

  func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    let stub = state.withLock {
      $0.messages.append(.get(url))
      return $0.stub
    }
    changes.changed()
    switch stub {
    case .success(let data, let response):
      return (data, response)
    case .failure(let error):
      throw error
    case .waitForCancellation(let then):
      await suspendUntilCancelled()
      state.withLock { $0.messages.append(.cancelled(url)) }
      changes.changed()
      return try then.get()
    }
  }

  /// Suspends until the client has received `count` requests.
  func waitForRequests(count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await changes.wait(for: "\(count) requests", sourceLocation: sourceLocation) {
      requestedURLs.count >= count
    }
  }
}
