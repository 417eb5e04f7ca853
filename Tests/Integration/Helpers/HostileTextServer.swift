import FeedDemoServer
import FlyingFox
import Foundation

/// Text a hostile server sends in every field: ESC sequences (clear the screen, set the title, write the clipboard
/// with OSC 52), BEL, an 8-bit CSI (C1), DEL, bidirectional overrides and isolates, direction marks, the Arabic
/// letter mark, a carriage return and a line separator.
let hostileText =
  "a\u{1B}[2J\u{1B}]0;title\u{07}\u{1B}]52;c;aGVsbG8=\u{07}b\u{9B}31mc\u{7F}d\u{202E}e\u{2066}f\u{200F}g\u{061C}h"
  + "\r\ni\u{2028}j\u{8}k\u{200E}\u{202A}\u{202B}\u{202C}\u{202D}\u{2067}\u{2068}\u{2069}\u{85}\u{9D}\u{2029}"

/// A server whose feed, search, comments and liked list hold ``hostileText`` in every text field: descriptions,
/// locations, comment messages and authors.
struct HostileTextServer {
  let server: LoopbackHTTPServer
  let ids: [UUID]
  var baseURL: URL { server.baseURL }

  static func start(images: Int = 3) async throws -> HostileTextServer {
    let ids = (0..<images).map { _ in UUID() }
    let items: @Sendable (URL) -> [[String: Any]] = { base in
      ids.map { id in
        [
          "id": id.uuidString, "description": hostileText, "location": hostileText,
          "image": base.appending(path: "images/\(id.uuidString)").absoluteString,
        ]
      }
    }
    let page: @Sendable (HTTPRequest) throws -> HTTPResponse = { request in
      let base = URL(string: "http://\(request.headers[.host] ?? "127.0.0.1")") ?? URL(fileURLWithPath: "/")
      let list = request.query["after_id"] == nil ? items(base) : []
      return HTTPResponse(statusCode: .ok, body: try JSONSerialization.data(withJSONObject: ["items": list]))
    }
    let server = try await LoopbackHTTPServer.start { server, _ in
      await server.appendRoute("GET /v1/feed") { try page($0) }
      await server.appendRoute("GET /v1/feed/search") { try page($0) }
      await server.appendRoute("GET /v1/likes") { try page($0) }
      await server.appendRoute("PUT /v1/likes/:id") { request in
        let id = request.routeParameters["id"] ?? ""
        return HTTPResponse(statusCode: .ok, body: Data(#"{"id":"\#(id)","liked":true}"#.utf8))
      }
      await server.appendRoute("GET /v1/image/:id/comments") { _ in
        let comment: [String: Any] = [
          "id": UUID().uuidString, "message": hostileText, "created_at": "2024-01-01T10:00:00Z",
          "author": ["username": hostileText],
        ]
        return HTTPResponse(statusCode: .ok, body: try JSONSerialization.data(withJSONObject: ["items": [comment]]))
      }
      await server.appendRoute("GET /images/:id") { request in
        HTTPResponse(statusCode: .ok, body: DemoFeed.imageData(for: UUID()))
      }
    }
    return HostileTextServer(server: server, ids: ids)
  }

  func stop() async {
    await server.stop()
  }
}
