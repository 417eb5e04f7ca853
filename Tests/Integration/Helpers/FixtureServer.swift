import FeedDemoServer
import FlyingFox
import Foundation
import Synchronization
import TestSupport
import Testing

/// A real HTTP server on 127.0.0.1 with a random port, serving a fixture feed in the API's format.
///
/// Routes: `GET /v1/feed` (the fixture feed), `GET /images/{n}` (image bytes), `GET /status/{code}` (an empty
/// response with that status), and `GET /slow-image` (never answers until the server stops).
final class FixtureServer: Sendable {
  /// The fixture feed: nulls, absent keys and Unicode mixed, in the order the server lists them.
  let feed: [FixtureItem]
  private let server: LoopbackHTTPServer
  /// Told of every request for `/slow-image` the server received: a test waits on it to cancel a request in flight.
  let slowImageRequests: SlowImageRequests

  var baseURL: URL { server.baseURL }

  private init(feed: [FixtureItem], server: LoopbackHTTPServer, slowImageRequests: SlowImageRequests) {
    self.feed = feed
    self.server = server
    self.slowImageRequests = slowImageRequests
  }

  /// Starts a server and returns once it is listening.
  static func start() async throws -> FixtureServer {
    let feed = FixtureItem.fixtures
    let body = try JSONSerialization.data(withJSONObject: ["items": feed.map(\.json)])
    let slowImageRequests = SlowImageRequests()
    let server = try await LoopbackHTTPServer.start { server, _ in
      await server.appendRoute("GET /v1/feed") { _ in
        HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
      }
      await server.appendRoute("GET /images/:n") { request in
        let n = request.routeParameters["n"] ?? "?"
        return HTTPResponse(statusCode: .ok, body: FixtureItem.imageData(named: n))
      }
      await server.appendRoute("GET /status/:code") { request in
        let code = Int(request.routeParameters["code"] ?? "") ?? 500
        return HTTPResponse(statusCode: HTTPStatusCode(code, phrase: "Fixture"))
      }
      await server.appendRoute("GET /slow-image") { _ in
        slowImageRequests.received()
        await suspendUntilCancelled()
        throw CancellationError()
      }
    }
    return FixtureServer(feed: feed, server: server, slowImageRequests: slowImageRequests)
  }

  /// Stops the server; connections in flight are cut.
  func stop() async {
    await server.stop()
  }

  /// The server running for the current suite, set by the ``Trait/fixtureServer`` trait.
  @TaskLocal static var current: FixtureServer?

  static func requireCurrent() throws -> FixtureServer {
    try #require(current, "the suite needs the .fixtureServer trait")
  }
}

/// Counts the requests for `/slow-image` as they arrive.
final class SlowImageRequests: Sendable {
  private let total = Mutex(0)
  private let changes = StateChanges()

  /// The requests received so far.
  var count: Int { total.withLock { $0 } }

  func received() {
    total.withLock { $0 += 1 }
    changes.changed()
  }

  /// Suspends until the server has received `count` requests for `/slow-image` in all.
  func wait(for count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await changes.wait(for: "\(count) requests for /slow-image", sourceLocation: sourceLocation) {
      self.count >= count
    }
  }
}

/// Starts one ``FixtureServer`` for a whole suite and stops it when the suite ends.
struct FixtureServerTrait: SuiteTrait, TestScoping {
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let server = try await FixtureServer.start()
    do {
      try await FixtureServer.$current.withValue(server, operation: function)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }
}

extension Trait where Self == FixtureServerTrait {
  /// Runs the suite against a real HTTP server on loopback, started once for the suite.
  static var fixtureServer: Self { Self() }
}
