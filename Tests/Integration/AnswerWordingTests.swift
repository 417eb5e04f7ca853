import Foundation
import TestSupport
import Testing

@testable import FeedCLI

#if canImport(Glibc)
  import Glibc
#endif

/// Each failure says what happened: an answer past the limit was too large, an empty answer was empty; neither is a
/// server that "could not be reached", nor "sent no image data" for a feed.
@Suite("The reason each failure gives")
struct AnswerWordingTests {
  static let limit = 2_000

  @Test("APP-31 a page past --max-response-bytes says it was too large: browse --report, search, the feed, comments")
  func tooLarge() async throws {
    let server = try RawHTTPServer { path, send in
      let padding = String(repeating: " ", count: 10_000)
      let body = Data(#"{"items": []\#(padding)}"#.utf8)
      _ = send(Data("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body)
    }
    defer { server.stop() }
    let tooLarge = "larger than the 2,000-byte limit"
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let options = options(server, directory)

      let browse = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.browse(options, window: 100, pageLimit: 10)
      }
      #expect(browse?.description(in: .english).contains(tooLarge) == true, "\(String(describing: browse))")

      let search = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.search("kyoto", options, progress: nil)
      }
      #expect(search?.description(in: .english).contains(tooLarge) == true, "\(String(describing: search))")

      let feed = await #expect(throws: FeedAppError.self) { _ = try await FeedApp.show(options, progress: nil) }
      #expect(feed?.description(in: .english).contains(tooLarge) == true, "\(String(describing: feed))")
    }
  }

  @Test("APP-31 comments past --max-response-bytes say they were too large")
  func commentsTooLarge() async throws {
    let id = UUID()
    let server = try RawHTTPServer { path, send in
      let body =
        path.hasPrefix("/v1/feed") && !path.contains("after_id")
        ? Data(#"{"items": [{"id": "\#(id)", "image": "http://127.0.0.1:1/image"}]}"#.utf8)
        : path.hasPrefix("/v1/feed")
          ? Data(#"{"items": []}"#.utf8) : Data(#"{"items": []\#(String(repeating: " ", count: 10_000))}"#.utf8)
      _ = send(Data("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body)
    }
    defer { server.stop() }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      var options = options(server, directory)
      options.json = true
      let json = try await FeedApp.detail(id, options)

      #expect(
        json.contains(#""commentsProblem" : "the server's answer was larger than the 2,000-byte limit""#), "\(json)")
    }
  }

  @Test("APP-31 an empty answer to the feed's request says the answer was empty, not that it held no image data")
  func emptyFeedAnswer() async throws {
    let server = try RawHTTPServer { path, send in
      _ = send(Data("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
    }
    defer { server.stop() }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let feed = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.show(options(server, directory), progress: nil)
      }
      let said = feed?.description(in: .english) ?? ""
      #expect(said.contains("the server sent an empty answer") && !said.contains("image data"), "\(said)")
    }
  }

  @Test("APP-31 browse --report says a page list the cache could not keep is the cache's failure, not the server's")
  func browseStoreFailure() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      // A directory where the page list belongs (the default kind's `pages`, which a write cannot replace): the store
      // fails, the server answers every page.
      try FileManager.default.createDirectory(
        at: directory.appending(path: "pages/kept"), withIntermediateDirectories: true)
      let options = AppOptions(store: directory.path(percentEncoded: false), limits: .patient, language: .english)

      let browse = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.browse(options, items: 20, window: 10, pageLimit: 10)
      }
      let said = browse?.description(in: .english) ?? ""
      #expect(said.hasPrefix("The cache could not keep the list at image 0, three times: "), "\(said)")
      #expect(!said.contains("server") && !said.hasSuffix(".."), "\(said)")
    }
  }

  private func options(_ server: RawHTTPServer, _ directory: URL) -> AppOptions {
    AppOptions(
      url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), json: false,
      limits: NetworkLimits.patient.answering(atMost: Self.limit),
      language: .english)
  }
}
