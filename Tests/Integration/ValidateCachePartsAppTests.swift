import EssentialFeedCache
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite
@testable import FeedCLI

@Suite("feed validate-cache: the search and the page list")
struct ValidateCachePartsAppTests {
  @Test(
    "APP-22 validate-cache checks the last search and the page list: a readable one is kept and counted, an unreadable one deleted and named"
  )
  func searchAndPages() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let storage = FeedStorage.fileSystem(in: directory)  // the app's default kind
      _ = try await storage.pages.appendPage(uniqueImages(3))
      try await storage.search.replaceSearch(with: uniqueImages(2), for: "kyoto", timestamp: Date())
      await storage.close()

      let kept = try await FeedApp.validateCache(
        AppOptions(store: store, json: false, limits: .patient, language: .english))
      #expect(kept.contains("Kept the last search, of 2 results, in \(store)."), "\(kept)")
      #expect(kept.contains("Kept a page list of 3 images in \(store)."), "\(kept)")

      try Data("damaged".utf8).write(to: directory.appending(path: "search.cache"))
      let pagesFile = directory.appending(path: "pages")
      var journal = try Data(contentsOf: pagesFile)
      journal[journal.count - 12] ^= 0xFF  // in the last image's URL: the page's checksum fails
      try journal.write(to: pagesFile)
      let deleted = try await FeedApp.validateCache(
        AppOptions(store: store, json: false, limits: .patient, language: .english))
      #expect(deleted.contains("Deleted an unreadable search in \(store)"), "\(deleted)")
      #expect(deleted.contains("Deleted an unreadable page list in \(store)"), "\(deleted)")

      let again = try await FeedApp.validateCache(AppOptions(store: store, json: true, limits: .patient))
      let object = try #require(try JSONSerialization.jsonObject(with: Data(again.utf8)) as? [String: Any])
      #expect(object["search"] == nil && object["pages"] == nil, "nothing is left to keep: \(again)")
    }
  }

  private func uniqueImages(_ count: Int) -> [LocalFeedImage] {
    (0..<count).map {
      LocalFeedImage(id: UUID(), description: "\($0)", location: nil, url: URL(fileURLWithPath: "/\($0)"))
    }
  }
}

@Suite("What the app says about a cache it cannot read")
struct UnreadableCacheAdviceAppTests {
  @Test(
    "APP-23 an unreadable cache's advice names the user's --store; another program's database is never to be deleted or replaced"
  )
  func advice() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "my cache").path(percentEncoded: false)
      try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
      try Data("corrupt".utf8).write(to: URL(fileURLWithPath: store).appending(path: "feed.cache"))
      let corrupt = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.show(
          AppOptions(url: nil, offline: true, store: store, storeKind: .fileSystem, json: true, limits: .patient),
          progress: nil)
      }
      #expect(
        corrupt?.description(in: .english).contains("Run `feed validate-cache --store '\(store)")
          == true,
        "\(String(describing: corrupt))")

      try SQLiteConnection(path: URL(fileURLWithPath: store).appending(path: "feed.sqlite").path(percentEncoded: false))
        .execute("CREATE TABLE notes (text TEXT)")
      let foreign = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.show(
          AppOptions(url: nil, offline: true, store: store, storeKind: .sqlite, json: true, limits: .patient),
          progress: nil)
      }
      let message = foreign?.description(in: .english) ?? ""
      #expect(message.contains("move it away or choose another store location"), "\(message)")
      #expect(!message.contains("validate-cache") && !message.contains("run online"), "\(message)")
    }
  }

  @Test("WL-30 validate-cache deletes a page list larger than a page list may hold, and says so")
  func deletesAPageListOverItsBound() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = SQLitePageStore(database: SQLiteDatabase(storeURL: directory.appending(path: "feed.sqlite")))
      let url = try #require(URL(string: "https://example.com/image"))
      let images = (0..<3).map { _ in LocalFeedImage(id: UUID(), description: nil, location: nil, url: url) }
      _ = try await store.appendPage(images)

      let part = PartValidation(try await LocalFeedPageLoader(store: store, maximumImages: 2).validatePages())

      #expect(part == PartValidation(action: .deletedOverLimit, count: 3, reason: "2"))
      #expect(try await store.pageImageCount() == 0)
      let said = part?.text("PAGES", in: .english, store: "/s")
      #expect(
        said
          == "Deleted a page list of 3 images in /s, more than the 2 a page list holds: the next browse loads it again."
      )
    }
  }

  @Test("APP-49 validate-cache leaves an image cache another process holds locked as it is: busy is not damaged")
  func leavesABusyImageCache() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let file = directory.appending(path: "images.sqlite")
      let url = try #require(URL(string: "https://example.com/image"))
      let database = SQLiteDatabase(storeURL: file)
      try await SQLiteImageDataStore(database: database).insert(Data("image".utf8), for: url)
      await database.close()
      try SQLiteShell.execute("PRAGMA journal_mode = DELETE", in: file)

      // The SQLite kind's storage, its image cache with no patience: the other's lock is met at once, not after the
      // 10 s busy timeout, which the lock would outlast all the same (it is held until the body ends).
      let preset = FeedStorage.sqlite(in: directory)
      let images = SQLiteImageDataStore(database: SQLiteDatabase(storeURL: file, busyTimeout: 0, healing: .cache))
      let storage = FeedStorage(
        feed: preset.feed, search: preset.search, pages: preset.pages, pendingLikes: preset.pendingLikes,
        likedList: preset.likedList, images: images)
      let validation = try await SQLiteShell.whileWriting(file, begin: "BEGIN EXCLUSIVE") {
        await ImageCacheValidation.run(storage, kind: .sqlite, in: directory)
      }

      #expect(validation?.action == .leftBusy)
      let kept = try await SQLiteImageDataStore(database: SQLiteDatabase(storeURL: file)).retrieve(dataForURL: url)
      #expect(kept == Data("image".utf8), "a busy cache was deleted")
    }
  }
}
