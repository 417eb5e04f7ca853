import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `URLProtocol` that answers requests from stubs registered per URL, and records what it saw.
///
/// Stubs are keyed by the request URL, so specs that run in parallel never see each other's stubs as long as each
/// uses its own URL (``anyURL()`` is unique per call). Only sessions made by ``makeSession()`` route through it.
final class URLProtocolStub: URLProtocol {
  struct Stub: @unchecked Sendable {
    // `URLResponse` is immutable once made; the stub is written once before the request and only read after it.
    let data: Data?
    let response: URLResponse?
    let error: (any Error)?
    /// Leave the request pending until the session cancels it.
    let waitForCancellation: Bool
  }

  private struct Registry {
    var stubs: [URL: Stub] = [:]
    var requests: [URL: [URLRequest]] = [:]
    var stopped: [URL: Int] = [:]
  }

  private static let registry = Mutex(Registry())
  private static let changes = StateChanges()

  static func stub(url: URL, data: Data?, response: URLResponse?, error: (any Error)?) {
    registry.withLock {
      $0.stubs[url] = Stub(data: data, response: response, error: error, waitForCancellation: false)
    }
  }

  static func stubPendingUntilCancelled(url: URL) {
    registry.withLock {
      $0.stubs[url] = Stub(data: nil, response: nil, error: nil, waitForCancellation: true)
    }
  }

  static func observedRequests(for url: URL) -> [URLRequest] {
    registry.withLock { $0.requests[url] ?? [] }
  }

  static func stopCount(for url: URL) -> Int {
    registry.withLock { $0.stopped[url] ?? 0 }
  }

  /// Suspends until the session has started loading `url`.
  static func waitForRequest(to url: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await changes.wait(for: "a request to \(url)", sourceLocation: sourceLocation) {
      !observedRequests(for: url).isEmpty
    }
  }

  /// Suspends until the session has stopped loading `url`: it saw the cancel.
  static func waitForStop(of url: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await changes.wait(for: "the session to stop loading \(url)", sourceLocation: sourceLocation) {
      stopCount(for: url) > 0
    }
  }

  static func makeSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [URLProtocolStub.self]
    return URLSession(configuration: configuration)
  }

  override class func canInit(with request: URLRequest) -> Bool { true }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    guard let url = request.url else { return }
    let request = self.request
    let stub = Self.registry.withLock {
      $0.requests[url, default: []].append(request)
      return $0.stubs[url]
    }
    Self.changes.changed()
    guard let stub else {
      client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
      return
    }
    if stub.waitForCancellation { return }

    if let response = stub.response {
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    }
    if let data = stub.data {
      client?.urlProtocol(self, didLoad: data)
    }
    if let error = stub.error {
      client?.urlProtocol(self, didFailWithError: error)
    } else {
      client?.urlProtocolDidFinishLoading(self)
    }
  }

  override func stopLoading() {
    guard let url = request.url else { return }
    Self.registry.withLock { $0.stopped[url, default: 0] += 1 }
    Self.changes.changed()
  }
}
