import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// Databases the released store wrote (the files in `Fixtures/`) open with today's store and keep everything.
@Suite("SQLite upgrades from files the released store wrote")
struct SQLiteUpgradeSpecs {
  @Test("SQL-12 a version 2 file with a feed, images, a search, a page list and pending likes upgrades losing none")
  func version2FileKeepsEverything() async throws {
    try await expectEverything(inFixture: "version2-current")
  }

  @Test(
    "SQL-21 a version 1 file with a feed, images, a search, a page list and pending likes (the last version 1 release's tables made on first use) upgrades losing none"
  )
  func version1FileWithEveryCapabilityKeepsEverything() async throws {
    try await expectEverything(inFixture: "version1-every-capability")
  }

  @Test(
    "SQL-38 a version 4 file (every image in the database, one of 64 KiB: Fixtures/version4-inline-images.sqlite) upgrades to version 5 keeping every image readable where it is, its tables those a new file makes; a new large image is a file, and the old ones are evicted as any; one whose index was lost upgrades too"
  )
  func version4FileKeepsInlineImages() async throws {
    try await expectEverything(inFixture: "version4-inline-images", large: true)
    try await SQLiteFixtureContents.withFixture("version4-inline-images") { url in
      try SQLiteShell.execute("DROP TABLE image_entry", in: url)  // lost before the upgrade: rebuilt, not altered
      let sut = SQLiteImageDataStore(database: SQLiteDatabase(storeURL: url), imageLimits: nil)
      let large = SQLiteFixtureContents.largeImage
      #expect(try await sut.retrieve(dataForURL: large.url) == large.data)
      try await sut.insert(Data(repeating: 0x3C, count: 20 << 10), for: SQLiteFixtureContents.url(4))
      #expect(try await sut.storedImageDataSize() == 3_011 + large.data.count + (20 << 10))
    }
    try await SQLiteFixtureContents.withFixture("version4-inline-images") { url in
      let large = SQLiteFixtureContents.largeImage
      let limits = ImageCacheLimits(maximumBytes: large.data.count + (20 << 10))
      let sut = SQLiteImageDataStore(database: SQLiteDatabase(storeURL: url), imageLimits: limits)
      #expect(try await sut.retrieve(dataForURL: large.url) == large.data)
      let new = (url: SQLiteFixtureContents.url(4), data: Data(repeating: 0x3C, count: 20 << 10))

      try await sut.insert(new.data, for: new.url)

      #expect(try SQLiteShell.text("PRAGMA user_version", in: url) == String(SQLiteSchema.schemaVersion))
      let fresh = try await imageSchema(ofNewFileIn: url.deletingLastPathComponent())
      #expect(try imageSchema(in: url) == fresh)
      #expect(try SQLiteShell.text("SELECT count(*) FROM image_entry WHERE file NOT NULL", in: url) == "1")
      #expect(try await sut.retrieve(dataForURL: new.url) == new.data)
      #expect(try await sut.retrieve(dataForURL: SQLiteFixtureContents.url(1)) == nil, "the least recently used")
      #expect(try await sut.retrieve(dataForURL: SQLiteFixtureContents.url(2)) == nil)
      #expect(try await sut.retrieve(dataForURL: large.url) == large.data)
      #expect(try await sut.storedImageDataSize() == large.data.count + new.data.count)
    }
  }

  /// The image store's tables and indexes, as `sqlite_master` records them.
  private func imageSchema(in file: URL) throws -> String? {
    try SQLiteShell.text(
      "SELECT group_concat(type || ' ' || name || ': ' || sql, '; ') FROM (SELECT * FROM sqlite_master "
        + "WHERE tbl_name LIKE 'image%' ORDER BY name)", in: file)
  }

  /// The image store's schema in a new file made in `directory`.
  private func imageSchema(ofNewFileIn directory: URL) async throws -> String? {
    let file = directory.appending(path: "new-\(UUID().uuidString).sqlite")
    let database = SQLiteDatabase(storeURL: file)
    try await SQLiteImageDataStore(database: database, imageLimits: nil).insert(Data([1]), for: anyURL())
    await database.close()
    return try imageSchema(in: file)
  }

  private func expectEverything(inFixture fixture: String, large: Bool = false) async throws {
    try await SQLiteFixtureContents.withFixture(fixture) { url in
      let sut = SQLiteFeedStore(storeURL: url)

      try await expectFeedAndImages(in: sut)
      #expect(
        try await sut.retrieveSearch()
          == CachedSearch(
            keyword: SQLiteFixtureContents.searchKeyword, results: SQLiteFixtureContents.searchResults,
            timestamp: SQLiteFixtureContents.timestamp))
      #expect(try await sut.retrievePage(after: nil, limit: 100) == SQLiteFixtureContents.pages)
      #expect(try await sut.pendingActions() == SQLiteFixtureContents.pendingLikes)
      let largeImage = large ? [SQLiteFixtureContents.largeImage] : []
      for (url, data) in largeImage { #expect(try await sut.retrieve(dataForURL: url) == data) }
      #expect(
        try await sut.storedImageDataSize()
          == (SQLiteFixtureContents.imageData + largeImage).map(\.data.count).reduce(0, +))
    }
  }

  @Test("SQL-13 a version 1 file (the feed and image data) upgrades keeping them, and takes every later capability")
  func version1FileUpgrades() async throws {
    try await SQLiteFixtureContents.withFixture("version1") { url in
      let sut = SQLiteFeedStore(storeURL: url)

      try await expectFeedAndImages(in: sut)
      #expect(try await sut.storedImageDataSize() == SQLiteFixtureContents.imageData.map(\.data.count).reduce(0, +))
      let action = SQLiteFixtureContents.pendingLikes[0]
      try await sut.enqueue(action)
      _ = try await sut.appendPage(SQLiteFixtureContents.pages)
      try await sut.replaceSearch(with: [], for: "any", timestamp: SQLiteFixtureContents.timestamp)
      let reopened = SQLiteFeedStore(storeURL: url)
      #expect(try await reopened.pendingActions() == [action])
      #expect(try await reopened.retrievePage(after: nil, limit: 100) == SQLiteFixtureContents.pages)
      #expect(try await reopened.retrieveSearch()?.keyword == "any")
    }
  }

  private func expectFeedAndImages(
    in sut: SQLiteFeedStore, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    #expect(
      try await sut.retrieve()
        == CachedFeed(feed: SQLiteFixtureContents.feed, timestamp: SQLiteFixtureContents.timestamp),
      sourceLocation: sourceLocation)
    for (url, data) in SQLiteFixtureContents.imageData {
      #expect(try await sut.retrieve(dataForURL: url) == data, "\(url)", sourceLocation: sourceLocation)
    }
  }
}

/// Migrations are named, ordered, recorded in the database and applied once (GRDB's `DatabaseMigrator` promises).
@Suite("SQLite migrations are recorded")
struct SQLiteRecordedMigrationSpecs {
  @Test(
    "SQL-14 an upgrade records every migration by its identifier, in order, and a reopened database runs none again",
    arguments: ["version1", "version1-every-capability", "version2-current", "version4-inline-images"])
  func migrationsAreRecordedAndAppliedOnce(_ fixture: String) async throws {
    try await SQLiteFixtureContents.withFixture(fixture) { url in
      let path = url.path(percentEncoded: false)
      _ = try await SQLiteFeedStore(storeURL: url).retrieve()

      let applied = try appliedMigrations(at: path)
      #expect(applied == SQLiteSchema.migrations.map(\.identifier))
      #expect(try SQLiteConnection(path: path).integer("PRAGMA user_version") == SQLiteSchema.schemaVersion)

      try SQLiteConnection(path: path).execute("DROP TABLE search_result")  // made by a migration already applied
      _ = try await SQLiteFeedStore(storeURL: url).retrieve()
      #expect(
        try SQLiteConnection(path: path).integer("SELECT count(*) FROM sqlite_master WHERE name = 'search_result'")
          == 0, "the migration that made it is not run again")
    }
  }

  @Test("SQL-15 a database that records a migration this store does not know (a newer version's) is left as it is")
  func unknownMigrationIsANewerDatabase() async throws {
    try await SQLiteFixtureContents.withFixture("version2-current") { url in
      _ = try await SQLiteFeedStore(storeURL: url).retrieve()
      try SQLiteShell.execute("INSERT INTO applied_migration (identifier) VALUES ('99 from the future')", in: url)
      let before = try Data(contentsOf: url)

      let error = try #require(
        await #expect(throws: SQLiteError.self) { try await SQLiteFeedStore(storeURL: url).retrieve() })

      #expect(error.leavesDatabaseAsItIs)
      #expect(try Data(contentsOf: url) == before)
    }
  }

  private func appliedMigrations(at path: String) throws -> [String] {
    let db = try SQLiteConnection(path: path)
    let rows = try db.statement("SELECT identifier FROM applied_migration ORDER BY rowid")
    defer { rows.reset() }
    var identifiers: [String] = []
    while try rows.step() { identifiers.append(rows.string(at: 0) ?? "") }
    return identifiers
  }
}
