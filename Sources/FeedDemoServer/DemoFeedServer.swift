import FlyingFox
import Foundation
import Synchronization

/// The demo server: the feed API over a ``DemoFeed`` on 127.0.0.1.
///
/// - `GET /v1/feed?limit=N[&after_id=ID]`: a page, keyset by the position of `after_id`; an unknown id is 400.
/// - `GET /v1/feed/search?q=KEYWORD&limit=N[&after_id=ID]`: the images whose description or location contains the
///   keyword, ignoring case; a missing keyword is 400.
/// - `GET /images/<id>`: an image's bytes.
/// - `GET /v1/image/<id>/comments`: its comments (none for every fourth image); an unknown id is 404.
///
/// - `GET /v1/likes?limit=N[&after_id=ID]`, `PUT` and `DELETE /v1/likes/<id>` (with an `Idempotency-Key`), and
///   `GET /debug/likes`: the likes, kept in a ``DemoLikes``.
///
/// With a failure rate, that fraction of all requests, spread evenly, answers 503; for likes and discards, every
/// other such failure comes **after** the change is applied (the answer is lost).
public enum DemoFeedServer {
  /// Starts the demo server and returns once it listens.
  ///
  /// - Parameters:
  ///   - feed: The feed to serve.
  ///   - port: The port to listen on; 0 lets the system pick one.
  ///   - failureRate: The fraction of requests, from 0 to 1, that answer 503 Service Unavailable.
  ///   - likes: The likes it holds; new and empty by default.
  ///   - images: The format of its images: greymaps (PGM) by default, as tests expect; `feed serve` and the app's
  ///     embedded server serve JPEG and PNG (``DemoImageFormat/mixed``).
  ///   - imageBaseURL: Where its items say their images are (`<imageBaseURL>/images/<id>`): the server's own base URL
  ///     by default. The app's embedded server names them under ``stableImageBaseURL(for:)``, the same every run,
  ///     so that the image cache, keyed by URL, finds them again.
  ///   - log: Told of each request as one line (method, path and query, status), once it is answered.
  /// - Returns: The running server; call ``LoopbackHTTPServer/stop()`` when done.
  public static func start(
    feed: DemoFeed = DemoFeed(), port: UInt16 = 0, failureRate: Double = 0, likes: DemoLikes = DemoLikes(),
    images: DemoImageFormat = .pgm, imageBaseURL: URL? = nil, log: (@Sendable (String) -> Void)? = nil
  ) async throws -> LoopbackHTTPServer {
    let failures = FailureSchedule(rate: failureRate)
    let pictures = DemoPictures(format: images)
    return try await LoopbackHTTPServer.start(port: port) { server, ownBaseURL in
      let (routes, baseURL) = (LoggedRoutes(server: server, log: log), imageBaseURL ?? ownBaseURL)
      await addLikesRoutes(
        to: routes, feed: feed, likes: likes, failures: FailureSchedule(rate: failureRate), baseURL: baseURL)
      await routes.append("GET /v1/feed/search") { request in
        if failures.next() { return HTTPResponse(statusCode: .serviceUnavailable) }
        guard let keyword = request.query["q"], !keyword.isEmpty else { return badRequest("q is missing") }
        return page(of: feed, request, limit: 30, keyword: keyword, baseURL: baseURL)
      }
      await routes.append("GET /v1/feed") { request in
        if failures.next() { return HTTPResponse(statusCode: .serviceUnavailable) }
        return page(of: feed, request, limit: 10, keyword: nil, baseURL: baseURL)
      }
      await routes.append("GET /v1/image/:id/comments") { request in
        if failures.next() { return HTTPResponse(statusCode: .serviceUnavailable) }
        guard let id = request.routeParameters["id"].flatMap(UUID.init(uuidString:)), let index = feed.index(of: id),
          let body = try? DemoFeed.json(for: DemoFeed.comments(forImageAt: index))
        else { return HTTPResponse(statusCode: .notFound) }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
      }
      await routes.append("GET /images/:id") { request in
        if failures.next() { return HTTPResponse(statusCode: .serviceUnavailable) }
        guard let id = request.routeParameters["id"].flatMap(UUID.init(uuidString:)), let index = feed.index(of: id)
        else { return HTTPResponse(statusCode: .notFound) }
        let image = pictures.image(at: index, id: id)
        return HTTPResponse(statusCode: .ok, headers: [.contentType: image.contentType], body: image.data)
      }
      await routes.appendNotFound()
    }
  }

  /// A base URL for the images of the embedded server of the app, the same every run: a host no network resolves
  /// (`.invalid`, RFC 2606), one per image format, which the app maps to the server it runs.
  public static func stableImageBaseURL(for format: DemoImageFormat) -> URL {
    URL(string: "http://\(format.rawValue).images.embedded-demo.invalid") ?? URL(fileURLWithPath: "/")
  }

  private static func page(
    of feed: DemoFeed, _ request: HTTPRequest, limit defaultLimit: Int, keyword: String?, baseURL: URL
  ) -> HTTPResponse {
    let limit = request.query["limit"].map { Int($0) ?? -1 } ?? defaultLimit
    guard (1...1_000).contains(limit) else { return badRequest("limit must be from 1 to 1000") }
    var after: UUID?
    if let text = request.query["after_id"] {
      guard let id = UUID(uuidString: text) else { return badRequest("after_id is not an id") }
      after = id
    }
    guard let items = feed.page(after: after, limit: limit, matching: keyword),
      let body = try? DemoFeed.json(for: items, baseURL: baseURL)
    else { return badRequest("after_id is not an image of this feed") }
    return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
  }

  static func badRequest(_ reason: String) -> HTTPResponse {
    HTTPResponse(
      statusCode: .badRequest, headers: [.contentType: "application/json"],
      body: Data(#"{"error":"\#(reason)"}"#.utf8))
  }
}

/// Which requests fail: request n fails when ⌊n·rate⌋ grows, so exactly that fraction fails, spread evenly.
final class FailureSchedule: Sendable {
  private let rate: Double
  private let count = Mutex(0)

  init(rate: Double) {
    self.rate = rate.isFinite ? min(max(rate, 0), 1) : 0
  }

  func next() -> Bool {
    guard rate > 0 else { return false }
    let n = count.withLock {
      $0 += 1
      return $0
    }
    return (Double(n) * rate).rounded(.down) > (Double(n - 1) * rate).rounded(.down)
  }
}
