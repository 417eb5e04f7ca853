import EssentialFeed
import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// Damaged tables, databases the store did not write, files removed behind its back, and databases it may not write.
@Suite("SQLiteFeedStore recovery")
struct SQLiteRecoverySpecs {
  /// Damage to the cached feed's own tables: the store rebuilds them, and only them.
  enum FeedDamage: String, CaseIterable {
    case droppedTables, missingColumn, extraColumn

    var sql: String {
      switch self {
      case .droppedTables:
        "DROP TABLE cache; DROP TABLE feed_image; CREATE TABLE users (x); INSERT INTO users VALUES (1)"
      case .missingColumn: "ALTER TABLE feed_image DROP COLUMN location"
      case .extraColumn: "ALTER TABLE cache ADD COLUMN note TEXT"
      }
    }
  }

  /// Databases the store did not write, or that a newer version wrote: never changed.
  enum NotOurs: String, CaseIterable {
    case resetVersion, newerVersion

    var sql: String {
      switch self {
      case .resetVersion: "PRAGMA user_version = 0"
      case .newerVersion: "PRAGMA user_version = 7"
      }
    }
  }

  @Test(
    "SQL-4 feed tables the store cannot read: a one-sentence retrieval error; validation rebuilds those tables alone, keeping pending likes, the search and the pages",
    arguments: FeedDamage.allCases)
  func damagedFeedTablesRecover(_ damage: FeedDamage) async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      let other = try await OtherProtocolsData(in: SQLiteFeedStore(storeURL: url))
      try await SQLiteFeedStore(storeURL: url).insert(uniqueFeed().local, timestamp: fixedCurrentDate)
      try SQLiteConnection(path: url.path(percentEncoded: false)).execute(damage.sql)
      let sut = SQLiteFeedStore(storeURL: url)

      if damage != .droppedTables {  // dropped tables read as no cache, no error
        let error = try #require(await #expect(throws: SQLiteError.self) { try await sut.retrieve() })
        #expect(error.description.contains("not in this store's schema"))
        #expect(!error.description.contains("SELECT") && !error.description.contains("\n"))
      }
      try await LocalFeedLoader(store: sut, currentDate: { fixedCurrentDate }).validateCache()

      #expect(try await sut.retrieve() == nil)
      try await other.expectKept(in: sut)
      if damage == .droppedTables {
        #expect(try SQLiteConnection(path: url.path(percentEncoded: false)).integer("SELECT x FROM users") == 1)
      }
      let cache = CachedFeed(feed: uniqueFeed().local, timestamp: fixedCurrentDate)
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      #expect(try await SQLiteFeedStore(storeURL: url).retrieve() == cache)
    }
  }

  @Test(
    "SQL-9 a database another program or a newer version wrote is an error for every operation, and validation never changes it",
    arguments: NotOurs.allCases)
  func foreignDatabaseIsLeftAlone(_ foreign: NotOurs) async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      _ = try await OtherProtocolsData(in: SQLiteFeedStore(storeURL: url))
      try await SQLiteFeedStore(storeURL: url).insert(uniqueFeed().local, timestamp: fixedCurrentDate)
      try SQLiteConnection(path: url.path(percentEncoded: false)).execute(foreign.sql)
      let before = try Data(contentsOf: url)
      let sut = SQLiteFeedStore(storeURL: url)

      let error = try #require(await #expect(throws: SQLiteError.self) { try await sut.retrieve() })
      #expect(error.description.contains("it is left as it is"), "\(error)")
      await #expect(throws: SQLiteError.self) {
        try await LocalFeedLoader(store: sut, currentDate: { fixedCurrentDate }).validateCache()
      }
      await #expect(throws: SQLiteError.self) { try await sut.pendingActions() }
      await #expect(throws: SQLiteError.self) { try await sut.insert([], timestamp: fixedCurrentDate) }
      let limited = SQLiteFeedStore(storeURL: url, imageLimits: ImageCacheLimits(maximumBytes: 1_000))
      await #expect(throws: SQLiteError.self) { try await limited.insert(Data(count: 1), for: anyURL()) }

      #expect(try Data(contentsOf: url) == before, "the database was changed")
      let version = try SQLiteConnection(path: url.path(percentEncoded: false)).integer("PRAGMA user_version")
      #expect(version == (foreign == .newerVersion ? 7 : 0), "the schema version was changed")
      let pending = try SQLiteConnection(path: url.path(percentEncoded: false)).integer(
        "SELECT count(*) FROM pending_like")
      #expect(pending == 1)
    }
  }

  @Test("SQL-5 a write after the database's directory was removed reaches a new file, not the deleted one")
  func removedDirectoryIsReopened() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "cache/feed.sqlite")
      let sut = SQLiteFeedStore(storeURL: url)
      try await sut.insert(uniqueFeed().local, timestamp: fixedCurrentDate)
      try FileManager.default.removeItem(at: url.deletingLastPathComponent())

      let cache = CachedFeed(feed: uniqueFeed().local, timestamp: fixedCurrentDate)
      try await sut.insert(cache.feed, timestamp: cache.timestamp)

      #expect(try await SQLiteFeedStore(storeURL: url).retrieve() == cache)
    }
  }

  @Test(
    "SQL-6 a database in a directory the store may not write can still be read; a write fails with an error",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "needs chattr (Linux, e2fsprogs)"))
  func readOnlyDirectory() async throws {
    try await withTemporaryDirectory { directory in
      let folder = directory.appending(path: "cache")
      let url = folder.appending(path: "feed.sqlite")
      let cache = CachedFeed(feed: uniqueFeed().local, timestamp: fixedCurrentDate)
      try await SQLiteFeedStore(storeURL: url).insert(cache.feed, timestamp: cache.timestamp)
      // Immutable even for root (tests run as root here, where permission bits do not stop anything).
      try #require(run("/usr/bin/chattr", "+i", folder.path(percentEncoded: false)) == 0, "chattr +i failed")
      defer { _ = run("/usr/bin/chattr", "-i", folder.path(percentEncoded: false)) }
      let sut = SQLiteFeedStore(storeURL: url)

      #expect(try await sut.retrieve() == cache)
      await #expect(throws: SQLiteError.self) { try await sut.insert([], timestamp: fixedCurrentDate) }
      #expect(try await sut.retrieve() == cache)
    }
  }

  @Test("SQL-7 the database and its journal files are readable by the user only; reading creates no file")
  func privateFiles() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "cache/feed.sqlite")
      let sut = SQLiteFeedStore(storeURL: url)

      #expect(try await sut.retrieve() == nil)
      #expect(try await sut.retrieve(dataForURL: anyURL()) == nil)
      #expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path(percentEncoded: false)))

      try await sut.insert(uniqueFeed().local, timestamp: fixedCurrentDate)
      let files = try FileManager.default.contentsOfDirectory(
        at: url.deletingLastPathComponent(), includingPropertiesForKeys: nil)
      #expect(files.map(\.lastPathComponent).contains(url.lastPathComponent), "\(files)")
      #expect(try files.map(permissions(of:)).allSatisfy { $0 == 0o600 }, "\(files)")
      #expect(try permissions(of: url.deletingLastPathComponent()) == 0o700)
    }
  }
}

/// Runs a program and returns its exit status.
private func run(_ executable: String, _ arguments: String...) -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  guard (try? process.run()) != nil else { return -1 }
  process.waitUntilExit()
  return process.terminationStatus
}

/// A pending like, a search and a page list stored beside the cached feed: no recovery of the feed may touch them.
struct OtherProtocolsData {
  let action = PendingLikeAction(imageID: UUID(), kind: .like, timestamp: fixedCurrentDate)
  let results = uniqueFeed().local
  let pages = uniqueFeed().local

  init(in store: SQLiteFeedStore) async throws {
    try await store.enqueue(action)
    try await store.replaceSearch(with: results, for: "kyoto", timestamp: fixedCurrentDate)
    _ = try await store.replacePages(with: pages)
  }

  func expectKept(in store: SQLiteFeedStore, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    #expect(try await store.pendingActions() == [action], "pending likes", sourceLocation: sourceLocation)
    #expect(try await store.retrieveSearch()?.results == results, "the search", sourceLocation: sourceLocation)
    #expect(try await store.retrievePage(after: nil, limit: 100) == pages, "the pages", sourceLocation: sourceLocation)
  }
}
