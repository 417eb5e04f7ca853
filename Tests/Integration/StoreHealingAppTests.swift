import EssentialFeed
import EssentialFeedCache
import FeedDemoServer
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite
@testable import FeedCLI

/// A zeroed page (a lost sector) in the SQLite kind's files: `validate-cache` repairs it, the image cache heals itself.
@Suite("Damaged pages of the SQLite kind's files heal")
struct StoreHealingAppTests {
  @Test(
    "APP-50 validate-cache repairs feed.sqlite with a zeroed page of any table or index: it says what it rebuilt and kept and where the damaged file is, keeps the pending likes, the search and the page list, and never deletes the file",
    arguments: [
      "feed_image", "pending_like", "pending_like_action", "sqlite_autoindex_pending_like_1", "search_result",
      "feed_page",
    ])
  func validateCacheRepairs(_ object: String) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let file = directory.appending(path: "feed.sqlite")
      _ = try await show(store: directory)
      let likes = try await Self.storeParts(in: directory)
      try SQLitePageDamage.zeroRootPage(of: object, in: file)

      let validated = try await FeedApp.validateCache(
        AppOptions(store: store, storeKind: .sqlite, json: false, limits: .patient, language: .english))

      let path = file.path(percentEncoded: false)
      #expect(validated.contains("Rebuilt \(path) from what was still readable"), "\(validated)")
      #expect(validated.contains("the damaged file is at \(path).damaged"), "\(validated)")
      #expect(!validated.contains("Deleted an unreadable cache"), "\(validated)")
      #expect(FileManager.default.fileExists(atPath: path + ".damaged"))
      let storage = FeedStorage.sqlite(in: directory)
      let kept = try await storage.pendingLikes.pendingActions()
      #expect(object == "pending_like" ? kept.isEmpty : kept == likes, "\(kept.count) of \(likes.count) kept")
      if !["pending_like", "pending_like_action", "sqlite_autoindex_pending_like_1"].contains(object) {
        #expect(validated.contains("30 pending likes"), "\(validated)")
      }
      if object != "search_result" { #expect(try await storage.search.retrieveSearch()?.results.count == 3) }
      await storage.close()
      let again = try await FeedApp.validateCache(
        AppOptions(store: store, storeKind: .sqlite, json: false, limits: .patient, language: .english))
      #expect(!again.contains("Rebuilt"), "\(again)")
    }
  }

  @Test(
    "APP-51 a zeroed page of the image cache heals on the next run, which says so (imageCacheProblem), keeping every image still readable; the run after is clean and validate-cache keeps it",
    arguments: ["image_data", "sqlite_autoindex_image_data_1", "image_entry", "sqlite_autoindex_image_entry_1"])
  func imageCacheHealsItself(_ object: String) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let images = directory.appending(path: "images.sqlite")
      _ = try await show(store: directory)
      try SQLitePageDamage.zeroRootPage(of: object, in: images)

      let healing = try await show(store: directory, offline: true)

      let problem = try #require(healing.imageCacheProblem, "the run says nothing of the damage it healed")
      #expect(problem.contains(images.path(percentEncoded: false)) && problem.contains("healed"), "\(problem)")
      #expect(!problem.contains("validate-cache"), "\(problem)")
      if object != "image_data" { #expect(healing.imagesFromCache == 64) }
      let clean = try await show(store: directory)
      #expect(clean.imageCacheProblem == nil)
      #expect(clean.imagesFromCache + clean.imagesFromServer == 64)
      let validated = try await FeedApp.validateCache(
        AppOptions(store: store, storeKind: .sqlite, json: false, limits: .patient, language: .english))
      #expect(validated.contains("Kept an image cache of"), "\(validated)")
      #expect(!validated.contains("Rebuilt"), "\(validated)")
    }
  }

  @Test(
    "APP-52 sync over pending likes whose index lost a page sends each like once and removes it: the write that meets the damage repairs the file (every sync sent all 30 again and reported failed 30)",
    arguments: ["pending_like_action", "sqlite_autoindex_pending_like_1"])
  func syncRepairs(_ object: String) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let storage = FeedStorage.sqlite(in: directory)
      for index in 0..<30 {
        try await storage.pendingLikes.enqueue(
          PendingLikeAction(imageID: DemoFeed.item(at: index).id, kind: .like, timestamp: Date()))
      }
      await storage.close()
      try SQLitePageDamage.zeroRootPage(of: object, in: directory.appending(path: "feed.sqlite"))
      let server = try await DemoFeedServer.start()
      let options = AppOptions(
        url: server.baseURL.absoluteString, offline: false, store: store, storeKind: .sqlite, json: true,
        limits: .patient)

      let first = try Self.json(try await FeedApp.sync(options))
      let second = try Self.json(try await FeedApp.sync(options))
      await server.stop()

      #expect(first["sent"] as? Int == 30 && first["failed"] as? Int == 0 && first["pending"] as? Int == 0, "\(first)")
      #expect(second["sent"] as? Int == 0 && second["failed"] as? Int == 0, "\(second)")
      #expect(FileManager.default.fileExists(atPath: store + "/feed.sqlite.damaged"))
    }
  }

  private static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// Stores 30 pending likes, a search of 3 results and a page list beside the feed a run cached; returns the likes.
  private static func storeParts(in directory: URL) async throws -> [PendingLikeAction] {
    let storage = FeedStorage.sqlite(in: directory)
    let likes = (0..<30).map {
      PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSince1970: Double($0)))
    }
    for like in likes { try await storage.pendingLikes.enqueue(like) }
    let images = (0..<3).map {
      LocalFeedImage(id: UUID(), description: nil, location: nil, url: URL(fileURLWithPath: "/\($0)"))
    }
    try await storage.search.replaceSearch(with: images, for: "kyoto", timestamp: Date())
    _ = try await storage.pages.appendPage(images)
    await storage.close()
    return likes
  }

  private func show(store: URL, offline: Bool = false) async throws -> FeedReport {
    let json = try await FeedApp.show(
      AppOptions(
        url: nil, offline: offline, store: store.path(percentEncoded: false), storeKind: .sqlite, json: true,
        limits: .patient),
      progress: nil)
    return try JSONDecoder().decode(FeedReport.self, from: Data(json.utf8))
  }
}
