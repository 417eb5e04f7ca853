import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import FeedDemoServer
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

@Suite("The composed feed app")
struct FeedAppTests {
  @Test("APP-1 online: shows the server's feed with every image, and caches both")
  func online() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let report = try await show(store: directory)

      #expect(report.feedSource == .server)
      #expect(report.entries.map(\.id) == DemoFeed().items.map(\.id))
      #expect(report.entries.count >= 60)
      #expect(report.imagesFromServer == report.entries.count)
      #expect(report.imagesFailed == 0)

      let offline = try await show(store: directory, offline: true)
      #expect(offline.feedSource == .cache)
      #expect(offline.entries.map(\.id) == report.entries.map(\.id))
      #expect(offline.imagesFromCache == offline.entries.count)
    }
  }

  @Test(
    "APP-12 every store the app offers is a shipped store the specs run, under the same name",
    arguments: FeedStorage.Kind.persistent)
  func appStoresAreShippedStores(kind: FeedStorage.Kind) async throws {
    let shipped = try #require(ShippedStore(rawValue: kind.name), "no shipped store named \(kind.name)")
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let appStore = FeedComposer(
        server: nil, client: FeedComposer.httpClient(timeout: 1, maximumBodySize: 1),
        storage: kind.storage(in: directory, imageLimits: .app)
      ).storage.feed
      let shippedStore = shipped.makeStore(in: directory)
      // The shipped stores are the façades the specs run, forwarding the feed to the store the app uses.
      let shippedType: any FeedStore.Type =
        shippedStore is SQLiteFeedStore
        ? SQLiteFeedCache.self : shippedStore is FileSystemFeedStore ? FileSystemFeedCache.self : type(of: shippedStore)
      #expect(ObjectIdentifier(type(of: appStore)) == ObjectIdentifier(shippedType))
    }
  }

  @Test("APP-2 server down: serves the feed and images from the cache, and says why")
  func serverDown() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let online = try await show(store: directory)
      let stopped = try await DemoFeedServer.start()
      await stopped.stop()

      let report = try await show(store: directory, url: stopped.baseURL.absoluteString)

      #expect(report.feedSource == .cache)
      #expect(report.serverProblem == "the server could not be reached")
      #expect(report.entries.map(\.id) == online.entries.map(\.id))
      #expect(report.imagesFromCache == report.entries.count)
    }
  }

  @Test("APP-3 expired cache and server down: a clear error that names both")
  func expiredCacheServerDown() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let eightDaysAgo = Date().addingTimeInterval(-8 * 86_400)
      _ = try await show(store: directory, now: eightDaysAgo)
      let stopped = try await DemoFeedServer.start()
      await stopped.stop()

      await #expect(
        throws: FeedAppError.noFeed(
          server: stopped.baseURL, serverProblem: "the server could not be reached",
          store: directory.path(percentEncoded: false))
      ) {
        _ = try await show(store: directory, url: stopped.baseURL.absoluteString)
      }
    }
  }

  @Test("APP-4 a corrupt cache file: offline is a clear error; the next online run recovers it")
  func corruptCacheRecovers() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      _ = try await show(store: directory)
      try Data("corrupt".utf8).write(to: directory.appending(path: "feed.cache"))

      await #expect(throws: FeedAppError.self) { _ = try await show(store: directory, offline: true) }
      let online = try await show(store: directory)
      let offline = try await show(store: directory, offline: true)

      #expect(online.feedSource == .server)
      #expect(offline.entries.map(\.id) == online.entries.map(\.id))
    }
  }

  @Test("APP-5 an unwritable store directory or a bad --url is one clear error, before any work")
  func badConfiguration() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let file = directory.appending(path: "a-file")
      try Data().write(to: file)

      await #expect(throws: FeedAppError.self) { _ = try await show(store: file.appending(path: "cache")) }
      await #expect(throws: FeedAppError.invalidURL("ftp://example.com")) {
        _ = try await show(store: directory, url: "ftp://example.com")
      }
      #expect(FeedAppError.unusableStore(path: "/p", reason: "r").description.hasPrefix("Cannot use /p"))
    }
  }

  @Test("APP-6 validate-cache deletes an expired or unreadable cache, keeps a valid one, and says so")
  func validateCache() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      #expect(
        try await FeedApp.validateCache(AppOptions(store: store, json: false, limits: .patient, language: .english))
          .hasPrefix(
            "There is no cache"))

      _ = try await show(store: directory)
      #expect(
        try await FeedApp.validateCache(AppOptions(store: store, json: false, limits: .patient, language: .english))
          .hasPrefix(
            "Kept a valid cache of 64 images"))

      let eightDaysLater = Date().addingTimeInterval(8 * 86_400)
      let expired = try await FeedApp.validateCache(
        AppOptions(store: store, json: false, limits: .patient, language: .english, now: { eightDaysLater }))
      #expect(expired.hasPrefix("Deleted an expired cache of 64 images"))

      try Data("corrupt".utf8).write(to: directory.appending(path: "feed.cache"))
      let json = try await FeedApp.validateCache(AppOptions(store: store, json: true, limits: .patient))
      #expect(json.contains(#""action" : "deleted-unreadable""#))
      #expect(try await FileSystemFeedStore(directory: directory).retrieve() == nil)
    }
  }

  @Test(
    "APP-19 a corrupt image cache is said, not silent, and heals itself: show deletes a file nothing can read and says so; validate-cache then keeps the rest, and the next run caches images again"
  )
  func corruptImageCache() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      _ = try await show(store: directory, storeKind: .sqlite)
      let images = directory.appending(path: "images.sqlite")
      try Data(repeating: 0x2A, count: 4_096).write(to: images)

      let report = try await show(store: directory, storeKind: .sqlite, offline: true)
      let problem = try #require(report.imageCacheProblem, "show says nothing of an unusable image cache")
      #expect(problem.contains("images.sqlite") && problem.contains("healed itself"), "\(problem)")
      #expect(
        !FileManager.default.fileExists(atPath: images.path(percentEncoded: false)), "nothing in it could be read")
      try Data(repeating: 0x2A, count: 4_096).write(to: images)
      let text = try await FeedApp.show(
        AppOptions(
          url: nil, offline: true, store: store, storeKind: .sqlite, json: false, limits: .patient, language: .english),
        progress: nil)
      #expect(text.contains("The image cache at \(images.path(percentEncoded: false)) could not be read"), "\(text)")
      #expect(!text.contains("feed validate-cache"), "it healed: nothing is left to do: \(text)")

      let validated = try await FeedApp.validateCache(
        AppOptions(store: store, storeKind: .sqlite, json: false, limits: .patient, language: .english))
      #expect(validated.hasPrefix("Kept a valid cache of 64 images"), "\(validated)")
      #expect(!validated.contains("image cache"), "\(validated)")

      let again = try await show(store: directory, storeKind: .sqlite)
      #expect(again.imageCacheProblem == nil)
      #expect(again.imagesFromServer == 64)
      let json = try await FeedApp.validateCache(
        AppOptions(store: store, storeKind: .sqlite, json: true, limits: .patient))
      #expect(json.contains(#""imageCache" : {"#) && json.contains(#""action" : "kept""#), "\(json)")
    }
  }

  @Test(
    "APP-20 the check that the cache directory can be written leaves no file, and removes the probe a killed run left"
  )
  func writeProbeLeavesNothing() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      // A run killed between its write and its remove, and a probe named as older versions named it.
      try Data().write(to: directory.appending(path: ".write-probe"))
      try Data().write(to: directory.appending(path: ".write-probe-\(UUID().uuidString)"))

      try CacheDirectory.prepare(directory)
      try CacheDirectory.prepare(directory)

      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
      #expect(left.filter { $0.hasPrefix(".write-probe") }.isEmpty, "\(left)")
    }
  }

  @Test(
    "APP-21 --offline reads a store it cannot write; an online run still says the store is unusable",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "needs chattr (Linux, e2fsprogs)"))
  func offlineReadsAnUnwritableStore() async throws {
    try await withTemporaryDirectory { temporary in
      let directory = makeReadOnlyStoreLocation(in: temporary)
      _ = try await show(store: directory)
      // Nothing can be written in the directory, even by root (a permission would not stop root); the probe's name is
      // new every run, so nothing planted at a name stops it.
      try makeReadOnly(directory)

      let offline = try await show(store: directory, offline: true)
      #expect(offline.entries.count == 64)
      #expect(offline.imagesFromCache == 64)
      await #expect(throws: FeedAppError.self) { _ = try await show(store: directory) }
    }
  }

  @Test("APP-7 the text output, rendered through the presenters, lists every image and ends with a summary")
  func textOutput() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let text = try await FeedApp.show(
        AppOptions(
          url: nil, offline: false, store: directory.path(percentEncoded: false), json: false, limits: .patient,
          language: .english),
        progress: nil)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)

      #expect(lines.first == "Feed — 64 images from the server")
      #expect(text.contains(" 1. Morning light on the old harbour #1"))
      #expect(text.contains("(no description)"))
      #expect(
        lines.last
          == "Feed: 64 images from the server, saved to the cache. Images: 64 loaded (0 from the cache, 64 from the server), 0 failed."
      )
    }
  }

  @Test("APP-8 --store-kind sqlite: the same run, cached in one SQLite database")
  func sqliteStoreKind() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let online = try await show(store: directory, storeKind: .sqlite)
      let offline = try await show(store: directory, storeKind: .sqlite, offline: true)

      #expect(
        FileManager.default.fileExists(atPath: directory.appending(path: "feed.sqlite").path(percentEncoded: false)))
      #expect(online.feedSource == .server)
      #expect(offline.feedSource == .cache)
      #expect(offline.entries.map(\.id) == online.entries.map(\.id))
      #expect(offline.imagesFromCache == offline.entries.count)
    }
  }

  @Test("APP-9 a server that sends a byte now and then: the load times out and the cache serves the feed")
  func slowServerFallsBackToCache() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let online = try await show(store: directory)
      let server = try RawHTTPServer.trickling(bytes: 100_000)
      defer { server.stop() }

      let report = try await show(
        store: directory, url: server.baseURL.absoluteString, limits: NetworkLimits(timeout: 0.5))

      #expect(report.feedSource == .cache)
      #expect(report.serverProblem == "the request timed out")
      #expect(report.entries.map(\.id) == online.entries.map(\.id))
    }
  }

  @Test("APP-10 an empty --store is one clear error, for show and validate-cache alike")
  func emptyStorePath() async throws {
    await #expect(throws: FeedAppError.emptyStorePath) {
      _ = try await FeedApp.show(
        AppOptions(url: nil, offline: true, store: "", json: false, limits: .patient, language: .english), progress: nil
      )
    }
    await #expect(throws: FeedAppError.emptyStorePath) {
      _ = try await FeedApp.validateCache(AppOptions(store: " ", json: false, limits: .patient, language: .english))
    }
  }

  @Test("APP-11 a save that fails is said in the summary, never \"saved to the cache\"")
  func failedSaveIsReported() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      // A directory where the database file should be: every SQLite operation fails, the server still answers.
      try FileManager.default.createDirectory(
        at: directory.appending(path: "feed.sqlite/inside"), withIntermediateDirectories: true)

      let text = try await FeedApp.show(
        AppOptions(
          url: nil, offline: false, store: directory.path(percentEncoded: false), storeKind: .sqlite, json: false,
          limits: .patient, language: .english), progress: nil)
      let summary = try #require(text.split(separator: "\n").last)

      #expect(summary.hasPrefix("Feed: 64 images from the server, not saved to the cache: SQLite could not save"))
      #expect(!text.contains("saved to the cache."))
    }
  }

  // MARK: - Helpers

  private func show(
    store: URL, storeKind: FeedStorage.Kind = .fileSystem, url: String? = nil, offline: Bool = false,
    now: Date = Date(),
    limits: NetworkLimits = .patient
  ) async throws -> FeedReport {
    let json = try await FeedApp.show(
      AppOptions(
        url: url, offline: offline, store: store.path(percentEncoded: false), storeKind: storeKind, json: true,
        limits: limits, now: { now }), progress: nil)
    return try JSONDecoder().decode(FeedReport.self, from: Data(json.utf8))
  }
}
