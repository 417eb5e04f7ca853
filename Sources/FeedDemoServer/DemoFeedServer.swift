import FlyingFox
import Foundation

/// The embedded demo server: the feed API (`GET /v1/feed?limit=N&after_id=ID`) over the ``DemoFeed``, and image
/// bytes (`GET /images/<id>`), on 127.0.0.1.
public enum DemoFeedServer {
  /// Starts the demo server.
  ///
  /// - Parameter items: The feed to serve.
  /// - Returns: The running server; call ``LoopbackHTTPServer/stop()`` when done.
  public static func start(items: [DemoFeed.Item] = DemoFeed.items()) async throws -> LoopbackHTTPServer {
    let ids = Set(items.map(\.id))
    return try await LoopbackHTTPServer.start { server, baseURL in
      await server.appendRoute("GET /v1/feed") { request in
        let limit = request.query["limit"].flatMap(Int.init) ?? 10
        let after = request.query["after_id"].flatMap(UUID.init(uuidString:))
        let page = DemoFeed.page(of: items, after: after, limit: limit)
        let body = try DemoFeed.json(for: page, baseURL: baseURL)
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
      }
      await server.appendRoute("GET /images/:id") { request in
        guard let id = request.routeParameters["id"].flatMap(UUID.init(uuidString:)), ids.contains(id) else {
          return HTTPResponse(statusCode: .notFound)
        }
        return HTTPResponse(
          statusCode: .ok, headers: [.contentType: "image/x-portable-graymap"], body: DemoFeed.imageData(for: id))
      }
    }
  }
}
