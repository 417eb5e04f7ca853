import EssentialFeed
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

/// `feed browse` says what the server answered when comments or the liked list fail, as `feed show` does (issue 42).
@Suite("What browse says of a failed answer")
struct BrowseAnswerWordingTests {
  @Test(
    "TRM-26 a 404 from the comments or the liked list reads as the status the server answered, not 'Couldn't connect'")
  func notFoundIsSaid() async throws {
    let id = UUID()
    let server = try RawHTTPServer { path, send in
      guard path.hasPrefix("/v1/feed") else {
        _ = send(Data("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        return
      }
      let body = Data(#"{"items": [{"id": "\#(id)", "image": "http://127.0.0.1:1/image"}]}"#.utf8)
      _ = send(Data("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body)
    }
    defer { server.stop() }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let options = AppOptions(
        url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), limits: .patient,
        language: .english)
      try await Self.openDetailAndLikes(options, of: id)
    }
  }

  /// Opens the detail of the image with `id` and loads the liked list, as `feed browse` does, and expects both to
  /// say the server answered 404.
  @MainActor
  private static func openDetailAndLikes(_ options: AppOptions, of id: UUID) async throws {
    try await AppEnvironment.with(options, for: .browse(items: 0)) { environment in
      let composer = BrowseComposer(environment: environment, capacity: 10, pageLimit: 10)
      let changes = StateChanges()
      let image = FeedImage(id: id, description: nil, location: nil, url: URL(fileURLWithPath: "/"))

      let detail = composer.detail(of: image)
      detail.onChange = { changes.changed() }
      detail.controller?.viewDidAppear()
      try await changes.wait(for: "the comments' error") { detail.commentsError != nil }

      let likes = BrowseLikes()
      likes.onChange = { changes.changed() }
      let parts = BrowseLikesParts(environment: environment, view: likes)
      parts.reload()
      try await changes.wait(for: "the liked list's error") { likes.message != nil }

      #expect(detail.commentsError == "the server answered with status 404")
      #expect(likes.message == "the server answered with status 404")
    }
  }
}
