import EssentialFeed
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `feed browse`'s lists say why a page failed, as `browse --report` and `search` do: a page past
/// `--max-response-bytes` was too large, never "Couldn't connect to server".
@Suite("What browse's lists say of a failed page")
struct BrowseListWordingTests {
  @Test("APP-31 the feed list, a search's list and loading more say a page past the limit was too large")
  func tooLargePages() async throws {
    let server = try RawHTTPServer { path, send in
      let body =
        path.hasPrefix("/v1/feed?") && !path.contains("after_id")
        ? #"{"items": [{"id": "\#(UUID())", "image": "http://127.0.0.1:1/image"}]}"#
        : #"{"items": []\#(String(repeating: " ", count: 10_000))}"#
      _ = send(Data("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8))
    }
    defer { server.stop() }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let options = AppOptions(
        url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), json: false,
        limits: NetworkLimits.patient.answering(atMost: 2_000), language: .english)
      try await Self.loadLists(options)
    }
  }

  @Test("APP-31 the feed list says the page store failed when it did, not 'Couldn't connect to server'")
  func pageStoreFailure() async throws {
    let server = try RawHTTPServer { path, send in
      let body =
        path.contains("after_id")
        ? #"{"items": []}"# : #"{"items": [{"id": "\#(UUID())", "image": "http://127.0.0.1:1/image"}]}"#
      _ = send(Data("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8))
    }
    defer { server.stop() }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      // A directory where the page list belongs (the default kind's `pages`, which a write cannot replace): the store
      // fails, the server answers every page.
      let pages = directory.appending(path: "pages")
      try FileManager.default.createDirectory(at: pages.appending(path: "kept"), withIntermediateDirectories: true)
      let options = AppOptions(
        url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), limits: .patient,
        language: .english)
      let said = try await Self.feedListError(options)

      #expect(said.contains(pages.path(percentEncoded: false)) && !said.contains("connect"), "\(said)")
    }
  }

  /// What the feed list says when its first load fails.
  @MainActor
  private static func feedListError(_ options: AppOptions) async throws -> String {
    try await AppEnvironment.with(options, for: .browse(items: 0)) { environment in
      let composer = BrowseComposer(environment: environment, capacity: 10, pageLimit: 1)
      let changes = StateChanges()
      let feed = composer.feedList().list
      feed.view.onChange = { changes.changed() }
      feed.controller.viewDidAppear()
      try await changes.wait(for: "the feed list's error") { feed.view.errorMessage != nil }
      return feed.view.errorMessage ?? ""
    }
  }

  /// Loads the feed list (its first page answers, loading more does not) and a search's list, as `feed browse` does.
  @MainActor
  private static func loadLists(_ options: AppOptions) async throws {
    try await AppEnvironment.with(options, for: .browse(items: 0)) { environment in
      let composer = BrowseComposer(environment: environment, capacity: 10, pageLimit: 1)
      let changes = StateChanges()

      let feed = composer.feedList().list
      feed.view.onChange = { changes.changed() }
      feed.controller.viewDidAppear()
      try await changes.wait(for: "the feed's first page") { feed.controller.feed.count == 1 }
      feed.controller.itemNearEndWillBecomeVisible(at: 0)
      try await changes.wait(for: "loading more to fail") { feed.view.loadMore.errorMessage != nil }

      let search = composer.searchList("kyoto")
      search.view.onChange = { changes.changed() }
      search.controller.viewDidAppear()
      try await changes.wait(for: "the search to fail") { search.view.errorMessage != nil }

      #expect(feed.view.loadMore.errorMessage == "the server's answer was larger than the 2,000-byte limit")
      #expect(search.view.errorMessage == "the server's answer was larger than the 2,000-byte limit")
    }
  }
}
