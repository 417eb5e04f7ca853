import EssentialFeed
import EssentialFeedCache
import FeedDemoServer
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

/// Every message says what is so, and reads as a sentence (issue 42).
@Suite("Every message is true")
struct MessageTruthTests {
  @Test(
    "APP-36 offline with no feed of its --store-kind, a store of the other kind that holds one is named, with the option",
    arguments: FeedStorage.Kind.persistent.flatMap { saved in
      FeedStorage.Kind.persistent.filter { $0 != saved }.map { (saved: saved, asked: $0) }
    })
  func otherKindHoldsTheFeed(saved: FeedStorage.Kind, asked: FeedStorage.Kind) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      _ = try await FeedApp.show(
        AppOptions(store: store, storeKind: saved, json: true, limits: .patient), progress: nil)

      let error = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.show(
          AppOptions(offline: true, store: store, storeKind: asked, limits: .patient), progress: nil)
      }

      #expect(
        error?.description(in: .english)
          == "There is no valid cached feed in \(store) for --store-kind \(asked.name); the \(saved.name) "
          + "store there holds one: add --store-kind \(saved.name).")
    }
  }

  @Test("APP-37 --store naming a regular file says so, offline and in validate-cache, and never advises validate-cache")
  func storeIsAFile() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let file = directory.appending(path: "afile")
      try Data("not a directory".utf8).write(to: file)
      let path = file.path(percentEncoded: false)
      let expected = "Cannot use \(path)/ as the cache directory: \(path) is a file, not a directory."

      let offline = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.show(AppOptions(offline: true, store: path, limits: .patient), progress: nil)
      }
      let validate = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.validateCache(AppOptions(store: path, limits: .patient))
      }

      #expect(offline?.description(in: .english) == expected)
      #expect(validate?.description(in: .english) == expected)
      for (arguments, name) in [(["--offline", "--store", path], "show"), (["validate-cache", "--store", path], "v")] {
        #expect(await FeedCommand.run(arguments, output: { _ in }, errorOutput: { _ in }) == 1, "\(name)")
      }
    }
  }

  @Test(
    "APP-38 counts agree with their nouns: 1 pending action, 2 pending actions, in every language",
    arguments: [
      (AppLanguage.english, 1, "Liked images: 1 (1 pending action)."),
      (.english, 2, "Liked images: 2 (2 pending actions)."),
      (AppLanguage(environment: ["LANG": "es_ES.UTF-8"]), 1, "Imágenes que te gustan: 1 (1 acción pendiente)."),
      (AppLanguage(environment: ["LANG": "de_DE.UTF-8"]), 1, "Bilder, die dir gefallen: 1 (1 ausstehende Aktion)."),
    ])
  func pendingActionsCount(language: AppLanguage, count: Int, header: String) {
    let actions = (0..<count).map { PendingLikeAction(imageID: DemoFeed.item(at: $0).id, kind: .like, timestamp: .now) }
    let entries = actions.map { LikedEntry(imageID: $0.imageID, image: nil, pending: true) }

    let text = LikesReport.list(entries, pending: actions, origin: .server, json: false, language: language)

    #expect(text.split(separator: "\n").first.map(String.init) == header)
  }

  @Test("APP-39 sync says 'rejected', the word its JSON uses, never 'refused'")
  func syncSaysRejected() {
    let report = LikeSynchronizer.Report(sent: 1, failed: 0, rejected: 2, pending: 0)

    #expect(LikesReport.sync(report, json: false, language: .english) == "Sent 1, failed 0, rejected 2; 0 pending.")
  }

  @Test("APP-40 a reason after 'because' is a clause: the server's answer was larger than the limit")
  func tooLargeIsAClause() {
    let problem = AnswerFailure.tooLarge(limit: 100).text(in: .english, for: .page)
    let report = FeedReport(
      title: "Feed", server: nil, embeddedServer: false, store: "/c/", feedSource: .cache, serverProblem: problem,
      entries: [])

    #expect(
      FeedReportRenderer.summary(report, language: .english)
        .hasPrefix("Feed: 0 images from the cache, because the server's answer was larger than the 100-byte limit."))
    #expect(AnswerFailure.tooLarge(limit: 100).text(in: .english) == "larger than the 100-byte limit")
  }

  @Test("APP-41 a reason in parentheses loses its own period: never '….).' after 'not a feed cache file'")
  func noDoublePeriod() {
    let reason = "The cache at /c/feed.cache is corrupt: not a feed cache file."
    let report = CacheValidationReport(action: .deletedUnreadable, store: "/c/", reason: reason)

    #expect(
      report.text(in: .english)
        == "Deleted an unreadable cache in /c/ (The cache at /c/feed.cache is corrupt: not a feed cache file).")
  }

  @Test("APP-42 the Spanish summary starts with the Spanish feed title, never the English 'Feed:'")
  func spanishSummary() {
    let spanish = AppLanguage(environment: ["LANG": "es_ES.UTF-8"])
    for source in [OriginRecorder.Origin.server, .cache] {
      let report = FeedReport(
        title: "Galería", server: nil, embeddedServer: false, store: "/c/", feedSource: source, serverProblem: nil,
        entries: [])

      let summary = FeedReportRenderer.summary(report, language: spanish)

      #expect(summary.hasPrefix("\(FeedPresenter.title(localization: "es")): 0 imágenes"), "\(summary)")
    }
  }

  @Test("APP-43 search's header names its keyword, in text and in JSON")
  func searchHeaderNamesTheKeyword() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let options = AppOptions(store: directory.path(percentEncoded: false), limits: .patient, language: .english)

      let text = try await FeedApp.search("kyoto", options, progress: nil)
      var json = options
      json.json = true
      let report = try JSONDecoder().decode(
        FeedReport.self, from: Data(try await FeedApp.search("kyoto", json, progress: nil).utf8))

      #expect(text.hasPrefix("Search for 'kyoto' — "), "\(text.prefix(80))")
      #expect(report.title == "Search for 'kyoto'")
    }
  }

  @Test("APP-44 likes --offline shows a pending like's description and location from the cached feed")
  func offlineLikesShowTheCachedText() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      _ = try await FeedApp.show(AppOptions(store: store, json: true, limits: .patient), progress: nil)
      let item = DemoFeed.item(at: 1)
      let offline = AppOptions(offline: true, store: store, limits: .patient, language: .english)
      _ = try await FeedApp.act(.like, on: item.id, offline)

      let text = try await FeedApp.likes(offline)

      let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(item.id.uuidString) })
      let expected = [item.description, item.location].compactMap { $0 }.joined(separator: " — ")
      #expect(line == "\(item.id.uuidString)  \(expected) [pending]")
    }
  }
}
