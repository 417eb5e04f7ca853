import Foundation
import TestSupport
import Testing

@testable import FeedCLI

/// `feed` loads every page of the feed up to a bound (1,000 pages; `--max-pages`): a list still going there is cut,
/// and a cut list is neither shown nor cached as the whole feed.
@Suite("A feed longer than the bound on pages")
struct CutFeedTests {
  @Test("APP-32 a feed that has not ended after --max-pages pages is said to be cut, and never cached as the feed")
  func cutFeedIsNotTheFeed() async throws {
    let endless = try RawHTTPServer { path, send in
      let items = (0..<2).map { _ in #"{"id": "\#(UUID())", "image": "http://127.0.0.1:1/image"}"# }
      let body = Data(#"{"items": [\#(items.joined(separator: ","))]}"#.utf8)
      _ = send(Data("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body)
    }
    defer { endless.stop() }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let cached = try await show(directory, url: nil)

      let cut = try await show(directory, url: endless.baseURL.absoluteString, maximumPages: 5)

      #expect(cut.feedSource == .cache)
      #expect(cut.serverProblem == "the server's feed had not ended after 5 pages (10 images): it was cut there")
      #expect(cut.entries.map(\.id) == cached.entries.map(\.id))
      let offline = try await show(directory, url: nil, offline: true)
      #expect(offline.entries.map(\.id) == cached.entries.map(\.id), "the cut list was cached")
    }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let error = await #expect(throws: FeedAppError.self) {
        _ = try await show(directory, url: endless.baseURL.absoluteString, maximumPages: 5)
      }
      #expect(
        error?.description(in: .english).contains("had not ended after 5 pages") == true, "\(String(describing: error))"
      )
      #expect(
        !FileManager.default.fileExists(atPath: directory.appending(path: "feed.cache").path(percentEncoded: false)))
    }
  }

  private func show(
    _ directory: URL, url: String?, offline: Bool = false, maximumPages: Int = 1_000
  ) async throws -> FeedReport {
    let json = try await FeedApp.show(
      AppOptions(
        url: url, offline: offline, store: directory.path(percentEncoded: false), json: true,
        maximumPages: maximumPages, limits: .patient, language: .english), progress: nil)
    return try JSONDecoder().decode(FeedReport.self, from: Data(json.utf8))
  }
}
