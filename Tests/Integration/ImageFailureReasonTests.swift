import FeedDemoServer
import FlyingFox
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FeedCLI

@Suite("Why an image did not load")
struct ImageFailureReasonTests {
  @Test(
    "APP-26 each image that did not load says why: the status the server answered, no data, offline and not cached")
  func reasons() async throws {
    let ids = (0..<3).map { _ in UUID() }
    let server = try await LoopbackHTTPServer.start { server, base in
      let items = zip(ids, ["status/503", "status/404", "empty"]).map { id, path in
        ["id": id.uuidString, "image": base.appending(path: path).absoluteString]
      }
      let body = try? JSONSerialization.data(withJSONObject: ["items": items])
      await server.appendRoute("GET /v1/feed") { _ in HTTPResponse(statusCode: .ok, body: body ?? Data()) }
      await server.appendRoute("GET /status/:code") { request in
        HTTPResponse(statusCode: HTTPStatusCode(Int(request.routeParameters["code"] ?? "") ?? 500, phrase: "Test"))
      }
      await server.appendRoute("GET /empty") { _ in HTTPResponse(statusCode: .ok, body: Data()) }
    }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let online = try await FeedApp.show(
        AppOptions(
          url: server.baseURL.absoluteString, offline: false, store: store, json: false, limits: .patient,
          language: .english),
        progress: nil)
      #expect(online.contains("not loaded, the server answered with status 503"), "\(online)")
      #expect(online.contains("not loaded, the server answered with status 404"), "\(online)")
      #expect(online.contains("not loaded, the server sent no image data"), "\(online)")

      let offline = try await FeedApp.show(
        AppOptions(url: nil, offline: true, store: store, json: false, limits: .patient, language: .english),
        progress: nil)
      #expect(offline.components(separatedBy: "not loaded, offline, and not in the cache").count == 4, "\(offline)")
    }
    await server.stop()
  }
}

@Suite("A feed whose pages fail")
struct FailingFeedPageTests {
  @Test(
    "APP-27 a feed page that fails is asked for three times in all, then the error names the status the server answered"
  )
  func retriesThenNamesTheStatus() async throws {
    let requests = Mutex(0)
    let server = try await LoopbackHTTPServer.start { server, _ in
      await server.appendRoute("GET /v1/feed") { _ in
        let count = requests.withLock { count in
          count += 1
          return count
        }
        guard count > 3 else { return HTTPResponse(statusCode: .serviceUnavailable) }
        return HTTPResponse(statusCode: .ok, body: Data(#"{"items":[]}"#.utf8))
      }
    }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let error = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.show(
          AppOptions(
            url: server.baseURL.absoluteString, offline: false, store: store, json: false, limits: .patient,
            language: .english),
          progress: nil)
      }
      #expect(requests.withLock { $0 } == 3, "three tries, then the load fails")
      let message = error?.description(in: .english) ?? ""
      #expect(message.contains("the server answered with status 503"), "\(message)")

      requests.withLock { $0 = 2 }  // the next request fails once more, then the server recovers
      let output = try await FeedApp.show(
        AppOptions(url: server.baseURL.absoluteString, offline: false, store: store, json: true, limits: .patient),
        progress: nil)
      #expect(output.contains(#""feedSource" : "server""#), "a page that fails once is asked for again: \(output)")
    }
    await server.stop()
  }

  @Test(
    "APP-27 an earlier page's 503, retried, is not taken for a later page's invalid answer: not retried, named as such")
  func olderFailureIsNotReused() async throws {
    let requests = Mutex(0)
    let item = #"{"items":[{"id":"\#(UUID().uuidString)","image":"http://127.0.0.1:1/a.png"}]}"#
    let server = try await LoopbackHTTPServer.start { server, _ in
      await server.appendRoute("GET /v1/feed") { _ in
        let count = requests.withLock { count in
          count += 1
          return count
        }
        switch count {
        case 1: return HTTPResponse(statusCode: .serviceUnavailable)
        case 2: return HTTPResponse(statusCode: .ok, body: Data(item.utf8))
        default: return HTTPResponse(statusCode: .ok, body: Data("not json".utf8))
        }
      }
    }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let error = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.show(
          AppOptions(
            url: server.baseURL.absoluteString, offline: false, store: directory.path(percentEncoded: false),
            json: false, limits: .patient, language: .english), progress: nil)
      }
      #expect(requests.withLock { $0 } == 3, "the invalid page is not asked for again")
      // Without the server's address, whose random port may have "503" in it (port 34503 once did).
      let message = (error?.description(in: .english) ?? "")
        .replacingOccurrences(of: #"127\.0\.0\.1:[0-9]+"#, with: "<server>", options: .regularExpression)
      #expect(message.contains("the server's response was not valid") && !message.contains("503"), "\(message)")
    }
    await server.stop()
  }
}
