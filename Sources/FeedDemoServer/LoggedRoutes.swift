import FlyingFox
import Foundation

/// Adds routes to a server, telling `log` of each answer as one line: the method, the path with its query, the
/// status (`GET /v1/feed?limit=10 200`). Without a log, the routes are added as they are.
struct LoggedRoutes: Sendable {
  let server: HTTPServer
  let log: (@Sendable (String) -> Void)?

  /// Adds `route`, answered by `handler`.
  func append(
    _ route: HTTPRoute, handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async {
    guard let log else {
      await server.appendRoute(route, handler: handler)
      return
    }
    await server.appendRoute(route) { request in
      let response = try await handler(request)
      log(Self.line(request, response))
      return response
    }
  }

  /// Answers 404 Not Found to every request no route before it took, as the server would, logged as the others.
  func appendNotFound() async {
    await append("*") { _ in HTTPResponse(statusCode: .notFound) }
  }

  /// The log's line for one request and its answer.
  static func line(_ request: HTTPRequest, _ response: HTTPResponse) -> String {
    var target = URLComponents()
    target.path = request.path
    if !request.query.isEmpty { target.queryItems = request.query.map { URLQueryItem(name: $0.name, value: $0.value) } }
    return "\(request.method.rawValue) \(target.string ?? request.path) \(response.statusCode.code)"
  }
}
