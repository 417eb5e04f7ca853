import FeedDemoServer
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

@Suite("feed search")
struct FeedSearchAppTests {
  @Test("SR-8 feed search shows the server's results like show, caches them, and offline shows them again")
  func searchOnlineThenOffline() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let expected = DemoFeed().items.filter { $0.matches("kyoto") }.prefix(30).map(\.id)

      let online = try await report(
        FeedApp.search(
          "Kyoto", AppOptions(url: nil, offline: false, store: store, json: true, limits: .patient), progress: nil))
      let offline = try await report(
        FeedApp.search(
          " kyoto ", AppOptions(url: nil, offline: true, store: store, json: true, limits: .patient), progress: nil))

      #expect(online.feedSource == .server)
      #expect(online.entries.map(\.id) == Array(expected))
      #expect(offline.feedSource == .cache)
      #expect(offline.entries.map(\.id) == online.entries.map(\.id))
      #expect(offline.serverProblem == nil, "offline, the server was not asked: \(offline.serverProblem ?? "")")
    }
  }

  @Test("SR-9 a search whose results cannot be saved says so, and never says they were saved")
  func failedSaveIsReported() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try FileManager.default.createDirectory(
        at: directory.appending(path: "search.cache"), withIntermediateDirectories: true)

      let online = try await report(
        FeedApp.search(
          "kyoto",
          AppOptions(
            url: nil, offline: false, store: directory.path(percentEncoded: false), json: true, limits: .patient),
          progress: nil))

      #expect(online.feedSource == .server)
      #expect(!online.entries.isEmpty)
      let problem = try #require(online.saveProblem, "the report says nothing of the failed save")
      #expect(problem.contains("search.cache"), "\(problem)")
    }
  }

  @Test("SR-8 --pages N loads N pages of 30 results, each cached")
  func pages() async throws {
    let feed = DemoFeed(count: 400)
    let server = try await DemoFeedServer.start(feed: feed)
    let matches = feed.items.filter { $0.matches("kyoto") }.map(\.id)
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let url = server.baseURL.absoluteString
      let one = try await report(
        FeedApp.search(
          "kyoto", AppOptions(url: url, offline: false, store: store, json: true, limits: .patient), progress: nil))
      let two = try await report(
        FeedApp.search(
          "kyoto", pages: 2, AppOptions(url: url, offline: false, store: store, json: true, limits: .patient),
          progress: nil))
      let cached = try await report(
        FeedApp.search(
          "kyoto", AppOptions(url: nil, offline: true, store: store, json: true, limits: .patient), progress: nil))

      #expect(one.entries.map(\.id) == Array(matches.prefix(30)))
      #expect(two.entries.map(\.id) == Array(matches.prefix(60)))
      #expect(cached.entries.map(\.id) == Array(matches.prefix(60)))
    }
    await server.stop()
  }

  @Test("SR-8 offline, a keyword nothing cached answers is one clear error, and exit code 1")
  func offlineUncachedKeyword() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)

      await #expect {
        _ = try await FeedApp.search(
          "kyoto", AppOptions(url: nil, offline: true, store: store, json: false, limits: .patient), progress: nil)
      } throws: { error in
        guard case FeedAppError.searchUnavailable(keyword: "kyoto", _) = error else { return false }
        return true
      }
      let code = await FeedCommand.run(
        ["search", "kyoto", "--offline", "--store", store], output: { _ in }, errorOutput: { _ in })
      #expect(code == 1)
    }
  }

  private func report(_ json: String) throws -> FeedReport {
    try JSONDecoder().decode(FeedReport.self, from: Data(json.utf8))
  }
}
