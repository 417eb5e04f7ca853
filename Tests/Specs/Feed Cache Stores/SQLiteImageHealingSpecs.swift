import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// The image cache's database heals itself: the first operation that meets a damaged page repairs the file.
@Suite("SQLite image cache healing")
struct SQLiteImageHealingSpecs {
  /// One page of the image cache zeroed.
  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case data = "image_data"
    case dataIndex = "sqlite_autoindex_image_data_1"
    case dataOverflow = "image_data overflow"
    case entries = "image_entry"
    case entriesIndex = "sqlite_autoindex_image_entry_1"
    case total = "image_total"

    var testDescription: String { rawValue }

    func apply(to file: URL) throws {
      if self == .dataOverflow {
        try SQLitePageDamage.zeroFirstPage(of: "image_data", type: "overflow", in: file)
      } else {
        try SQLitePageDamage.zeroRootPage(of: rawValue, in: file)
      }
    }
  }

  @Test(
    "SQL-26 an image cache that heals automatically repairs a zeroed page of any of its tables or indexes on the first operation that meets it: no error, every image still readable kept, the total counted again, the repair said",
    arguments: Damage.allCases)
  func imageCacheHealsItself(_ damage: Damage) async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "images.sqlite")
      let images = (0..<20).map { (anyURL().appending(path: "\($0)"), Data(repeating: UInt8($0), count: 10_000)) }
      let writer = SQLiteDatabase(storeURL: file)
      let limits = ImageCacheLimits(maximumBytes: 1 << 20)
      for (url, data) in images {
        try await SQLiteImageDataStore(database: writer, imageLimits: limits).insert(data, for: url)
      }
      await writer.close()
      try damage.apply(to: file)
      let database = SQLiteDatabase(storeURL: file, healing: .cache)
      let store = SQLiteImageDataStore(database: database, imageLimits: limits)

      var kept = 0
      for (url, data) in images {
        let read = try await store.retrieve(dataForURL: url)
        #expect(read == nil || read == data, "\(url): other bytes")
        if read != nil { kept += 1 }
      }
      try await store.insert(Data(repeating: 7, count: 10_000), for: anyURL().appending(path: "new"))

      let repair = try #require(await database.repairsMade().first, "the damage was not found")
      #expect(await database.repairsMade().count == 1)
      #expect(repair.keptRows["image_data"] == kept)
      #expect(try await store.storedImageDataSize() == (kept + 1) * 10_000)
      #expect(try await SQLiteDatabase(storeURL: file).repair() == nil, "the rebuilt file is still damaged")
    }
  }

  @Test(
    "SQL-27 FeedStorage.sqlite(in:) repairs every damaged file and says what each kept of each part; its image cache heals itself on first use, which repairsMade() says"
  )
  func storageRepairs() async throws {
    try await withTemporaryDirectory { directory in
      let url = anyURL()
      let likes = (0..<30).map {
        PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSince1970: Double($0)))
      }
      let before = FeedStorage.sqlite(in: directory)
      try await before.feed.insert([LocalFeedImage(uniqueImage())], timestamp: Date())
      for like in likes { try await before.pendingLikes.enqueue(like) }
      try await before.images.insert(Data(repeating: 1, count: 100), for: url)
      try await before.likedList.insert([LocalFeedImage(uniqueImage())], timestamp: Date())
      await before.close()
      try SQLitePageDamage.zeroRootPage(of: "cache", in: directory.appending(path: "likes.sqlite"))
      try SQLitePageDamage.zeroRootPage(of: "pending_like_action", in: directory.appending(path: "feed.sqlite"))
      try SQLitePageDamage.zeroRootPage(of: "image_entry", in: directory.appending(path: "images.sqlite"))
      let storage = FeedStorage.sqlite(in: directory)

      #expect(try await storage.images.retrieve(dataForURL: url) == Data(repeating: 1, count: 100))
      let healed = await storage.repairsMade()
      #expect(healed.map(\.kept) == [[.images: 1]])
      let repaired = try await storage.repair()

      let path = directory.appending(path: "feed.sqlite").path(percentEncoded: false)
      let liked = directory.appending(path: "likes.sqlite").path(percentEncoded: false)
      #expect(repaired.map(\.file) == [path, liked])
      #expect(repaired.first?.kept == [.feed: 1, .search: 0, .pages: 0, .pendingLikes: 30])
      #expect(repaired.last?.kept == [.likedList: 0], "a liked list that lost its timestamp is no cache")
      #expect(repaired.map(\.setAside) == [path + ".damaged", liked + ".damaged"])
      #expect(await storage.repairsMade().count == 3)
      #expect(try await storage.repair() == [])
      #expect(try await storage.pendingLikes.pendingActions() == likes)
    }
  }

  @Test(
    "SQL-29 an image whose bytes a zeroed page changed where SQLite checks nothing (the last overflow page of its data) is never read as other bytes: the cache drops it and misses, a standard store's read is an error",
    arguments: [SQLiteDatabase.Healing.cache, .standard])
  func silentlyDamagedImage(_ healing: SQLiteDatabase.Healing) async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "images.sqlite")
      let (url, data) = (anyURL(), Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 % 251 + 1) }))
      let writer = SQLiteDatabase(storeURL: file)
      try await SQLiteImageDataStore(database: writer).insert(data, for: url)
      await writer.close()
      try SQLitePageDamage.zeroLastPage(of: "image_data", type: "overflow", in: file)
      let store = SQLiteImageDataStore(database: SQLiteDatabase(storeURL: file, healing: healing))

      let read: Result<Data?, any Error>
      do { read = .success(try await store.retrieve(dataForURL: url)) } catch { read = .failure(error) }

      switch (healing, read) {
      case (.cache, .success(let found)):
        #expect(found == nil, "other bytes: \(found.map { "\($0.count) bytes" } ?? "")")
        #expect(try await store.retrieve(dataForURL: url) == nil)
      case (.standard, .failure): break
      default: Issue.record("\(healing): \(read.map { $0 == data ? "the bytes stored" : "other bytes" })")
      }
    }
  }

  @Test(
    "SQL-30 a version 3 file (its image index without checksums) upgrades once to version 4 keeping every image: those read as stored, unchecked, and each new one is stored with its checksum"
  )
  func checksumUpgrade() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "images.sqlite")
      let (old, new) = ((anyURL().appending(path: "old"), Data(repeating: 3, count: 5_000)), (anyURL(), Data([4])))
      let writer = SQLiteDatabase(storeURL: file)
      try await SQLiteImageDataStore(database: writer).insert(old.1, for: old.0)
      await writer.close()
      try SQLiteShell.execute(  // what version 3 wrote: no checksum column, no record of its migration
        """
        ALTER TABLE image_entry DROP COLUMN checksum; DELETE FROM applied_migration WHERE identifier = '4 image checksums';
        PRAGMA user_version = 3;
        """, in: file)
      let store = SQLiteImageDataStore(database: SQLiteDatabase(storeURL: file))

      #expect(try await store.retrieve(dataForURL: old.0) == old.1)
      try await store.insert(new.1, for: new.0)

      #expect(try SQLiteShell.text("PRAGMA user_version", in: file) == String(SQLiteSchema.schemaVersion))
      let checksums = try SQLiteShell.text("SELECT count(checksum) FROM image_entry", in: file)
      #expect(checksums == "1", "the new image's checksum, and none invented for the old one")
      #expect(try await store.retrieve(dataForURL: new.0) == new.1)
    }
  }
}
