import EssentialFeedCache
import EssentialFeedSQLite
import FeedDemoServer
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

@Suite("feed browse")
struct FeedBrowseAppTests {
  @Test("WL-19 feed browse scrolls the served feed to its end and back: every row once, at most the window held")
  func browsesEveryRowOnce() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let output = try await FeedApp.browse(
        AppOptions(url: nil, store: directory.path(percentEncoded: false), json: true, limits: .patient), items: 1_000,
        window: 100,
        pageLimit: 30)
      let report = try JSONDecoder().decode(BrowseReport.self, from: Data(output.utf8))

      #expect(report.visited == 1_000)
      #expect(report.mostHeld == 100)
      #expect(report.serverPages == 35)
      #expect(report.storePages == 30)
      #expect(report.requestsForRowsSeen == 0)
      #expect(report.rowsSentAgain == 0)
      #expect(report.peakMemoryBytes > 0)
    }
  }

  @Test("WL-28 feed browse stops at --max-pages with an error when the server's list has not ended: never forever")
  func stopsAtThePageBound() async throws {
    let server = try await DemoFeedServer.start(feed: DemoFeed(count: 10_000_000))  // as good as endless
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let error = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.browse(
          AppOptions(
            url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), json: true,
            limits: .patient),
          window: 100, pageLimit: 30, maxPages: 5)
      }
      #expect(error == .endlessList(pages: 5))
      #expect(error?.description(in: .english).contains("had not ended after 5 pages") == true)
    }
    await server.stop()
  }

  @Test(
    "WL-29 the page list a browse gave up on is deleted: an endless server leaves no rows behind for later runs to keep"
  )
  func abandonedListIsDeleted() async throws {
    let server = try await DemoFeedServer.start(feed: DemoFeed(count: 10_000_000))  // as good as endless
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      await #expect(throws: FeedAppError.endlessList(pages: 5)) {
        _ = try await FeedApp.browse(
          AppOptions(url: server.baseURL.absoluteString, store: store, json: true, limits: .patient), window: 100,
          pageLimit: 30,
          maxPages: 5)
      }

      let pages = FeedStorage.Kind.fileSystem.storage(in: directory).pages  // the app's default kind
      #expect(try await pages.pageImageCount() == 0, "the rows of the list given up on stayed")
      let validated = try await FeedApp.validateCache(
        AppOptions(store: store, json: false, limits: .patient, language: .english))
      #expect(!validated.contains("Kept a page list"), "\(validated)")
    }
    await server.stop()
  }

  @Test(
    "WL-31 three feed browse --report on one store at once each scroll the whole list: one keeps the store's page list, the others a list of their own"
  )
  func concurrentBrowsesOnOneStore() async throws {
    let server = try await DemoFeedServer.start(feed: DemoFeed(count: 1_000))
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let options = AppOptions(
        url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), json: true, limits: .patient)
      let reports = try await withThrowingTaskGroup(of: BrowseReport.self) { group in
        for _ in 0..<3 {
          group.addTask {
            let output = try await FeedApp.browse(options, window: 50, pageLimit: 10)
            return try JSONDecoder().decode(BrowseReport.self, from: Data(output.utf8))
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }

      #expect(reports.map(\.visited) == [1_000, 1_000, 1_000])
      #expect(reports.map(\.rowsSentAgain) == [0, 0, 0])
      let kept = FeedStorage.Kind.fileSystem.storage(in: directory).pages  // the app's default kind
      #expect(try await kept.pageImageCount() == 1_000, "the store's list is one browse's whole list")
    }
    await server.stop()
  }

  @Test("WL-20 feed browse against a server with a fail rate retries a failed page and still sees every row once")
  func browsesThroughFailures() async throws {
    let server = try await DemoFeedServer.start(feed: DemoFeed(count: 300), failureRate: 0.1)
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let output = try await FeedApp.browse(
        AppOptions(
          url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), json: true, limits: .patient
        ),
        window: 50, pageLimit: 10)
      let report = try JSONDecoder().decode(BrowseReport.self, from: Data(output.utf8))

      #expect(report.visited == 300)
      #expect(report.rowsSentAgain == 0)
      #expect(report.mostHeld == 50)
    }
    await server.stop()
  }

  @Test(
    "WL-21 feed browse's bad arguments are one clear line each, and exit code 1",
    arguments: [
      ["browse", "--window", "0"], ["browse", "--window", "10", "--page-size", "20"],
      ["browse", "--items", "10", "--url", "http://127.0.0.1:1"], ["browse", "--offline"],
    ])
  func badArguments(arguments: [String]) async {
    await expectOneLineError(arguments)
  }

}
