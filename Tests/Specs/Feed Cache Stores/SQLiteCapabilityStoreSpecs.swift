import EssentialFeed
import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// The store of each capability on a `SQLiteDatabase` runs its suites directly, not only through the façade: a new
/// instance is a new database handle on the same file, as a second app run makes it.
@Suite("SQLite stores per capability")
struct SQLiteCapabilityStoreSpecs {
  @Test("SQL-16 SQLiteFeedCache passes the FeedStore specs", arguments: FeedStoreSpec.casesThisRun)
  func feedCache(spec: FeedStoreSpec) async throws {
    try await withDatabaseFile { file in try await spec.verify { SQLiteFeedCache(database: database(file)) } }
  }

  @Test("SQL-16 SQLiteFeedCache passes the persistence specs", arguments: PersistentFeedStoreSpec.allCases)
  func feedCachePersists(spec: PersistentFeedStoreSpec) async throws {
    try await withDatabaseFile { file in try await spec.verify { SQLiteFeedCache(database: database(file)) } }
  }

  @Test("SQL-16 SQLiteImageDataStore passes the FeedImageDataStore specs", arguments: FeedImageDataStoreSpec.allCases)
  func imageDataStore(spec: FeedImageDataStoreSpec) async throws {
    try await withDatabaseFile { file in try await spec.verify { SQLiteImageDataStore(database: database(file)) } }
  }

  @Test(
    "SQL-16 SQLiteImageDataStore passes the persistent LimitedFeedImageDataStore specs",
    arguments: PersistentLimitedFeedImageDataStoreSpec.allCases)
  func limitedImageDataStorePersists(spec: PersistentLimitedFeedImageDataStoreSpec) async throws {
    try await withDatabaseFile { file in
      try await spec.verify { limits, now in
        SQLiteImageDataStore(database: database(file), imageLimits: limits, currentDate: now)
      }
    }
  }

  @Test("SQL-16 SQLiteSearchStore passes the FeedSearchStore specs", arguments: FeedSearchStoreSpec.casesThisRun)
  func searchStore(spec: FeedSearchStoreSpec) async throws {
    try await withDatabaseFile { file in try await spec.verify { SQLiteSearchStore(database: database(file)) } }
  }

  @Test("SQL-16 SQLitePageStore passes the FeedPageStore specs", arguments: FeedPageStoreSpec.casesThisRun)
  func pageStore(spec: FeedPageStoreSpec) async throws {
    try await withDatabaseFile { file in try await spec.verify { SQLitePageStore(database: database(file)) } }
  }

  @Test(
    "SQL-16 SQLitePendingLikeStore passes the PendingLikeActionStore specs",
    arguments: PendingLikeActionStoreSpec.casesThisRun)
  func pendingLikeStore(spec: PendingLikeActionStoreSpec) async throws {
    try await withDatabaseFile { file in
      try await spec.verify { SQLitePendingLikeStore(database: database(file)) }
    }
  }

  @Test("SQL-17 the stores on one database keep their own data: each survives the others' writes and deletions")
  func storesOnOneDatabaseAreIsolated() async throws {
    try await withDatabaseFile { file in
      let shared = database(file)
      let (feed, search, pages) = (
        SQLiteFeedCache(database: shared), SQLiteSearchStore(database: shared), SQLitePageStore(database: shared)
      )
      let (likes, images) = (SQLitePendingLikeStore(database: shared), SQLiteImageDataStore(database: shared))
      let (cached, results, list) = (uniqueFeed().local, uniqueFeed().local, uniqueFeed().local)
      let action = PendingLikeAction(imageID: UUID(), kind: .like, timestamp: fixedCurrentDate)
      try await feed.insert(cached, timestamp: fixedCurrentDate)
      try await search.replaceSearch(with: results, for: "kyoto", timestamp: fixedCurrentDate)
      _ = try await pages.replacePages(with: list)
      try await likes.enqueue(action)
      try await images.insert(Data("image".utf8), for: anyURL())

      try await feed.deleteCachedFeed()
      try await images.deleteAllImageData()
      try await search.deleteSearch()

      let reopened = database(file)
      #expect(try await SQLiteFeedCache(database: reopened).retrieve() == nil)
      #expect(try await SQLiteSearchStore(database: reopened).retrieveSearch() == nil)
      #expect(try await SQLitePageStore(database: reopened).retrievePage(after: nil, limit: 100) == list)
      #expect(try await SQLitePendingLikeStore(database: reopened).pendingActions() == [action])
      #expect(try await SQLiteImageDataStore(database: reopened).storedImageDataSize() == 0)
    }
  }

  @Test("SQL-18 a file left in the rollback journal (another reader held it at the open) goes to WAL on a write")
  func rollbackJournalSwitchesToWALOnAWrite() async throws {
    try await withDatabaseFile { file in
      try await SQLiteFeedCache(database: database(file)).insert(uniqueFeed().local, timestamp: fixedCurrentDate)
      try SQLiteShell.execute("PRAGMA journal_mode = DELETE", in: file)
      // No patience: the switch the other's read refuses is refused at once, not after the 10 s busy timeout, which
      // the reader would outlast all the same (it holds its lock until the body ends).
      let store = SQLiteFeedCache(database: SQLiteDatabase(storeURL: file, busyTimeout: 0))
      try await SQLiteShell.whileReading(file) {
        _ = try await store.retrieve()  // opens read-write: the switch to WAL is refused while the other reads
        #expect(try SQLiteShell.text("PRAGMA journal_mode", in: file) == "delete")
      }

      try await store.insert(uniqueFeed().local, timestamp: fixedCurrentDate)

      #expect(try SQLiteShell.text("PRAGMA journal_mode", in: file) == "wal", "readers would wait for every writer")
    }
  }

  @Test("SQL-19 databases opening one new file together all open it: none takes another's schema for a foreign one")
  func databasesOpeningANewFileTogetherAllOpenIt() async throws {
    // Each round, four databases (four connections, each on its own executor) open one new file at once: one makes
    // the schema while the others read what it has made so far. A check that read the version, then the tables, in two
    // snapshots saw "tables and no schema version", a foreign database (two writer processes under load, SQL-3).
    for round in 0..<40 {
      try await withDatabaseFile { file in
        try await withThrowingTaskGroup(of: Void.self) { group in
          for _ in 0..<4 {
            let store = SQLiteFeedCache(database: database(file))
            group.addTask {
              do {
                try await store.insert(uniqueFeed().local, timestamp: fixedCurrentDate)
              } catch {
                Issue.record(error, "round \(round): a database opening the new file with three others failed")
              }
            }
          }
          try await group.waitForAll()
        }
      }
    }
  }

  private func database(_ file: URL) -> SQLiteDatabase {
    SQLiteDatabase(storeURL: file)
  }

  private func withDatabaseFile(_ body: (URL) async throws -> Void) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await body(directory.appending(path: "feed.sqlite"))
    }
  }
}
