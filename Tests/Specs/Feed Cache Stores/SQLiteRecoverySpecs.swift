import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// Databases the store did not write, files removed behind its back, and databases it may not write.
@Suite("SQLiteFeedStore recovery")
struct SQLiteRecoverySpecs {
  enum Foreign: String, CaseIterable {
    case resetVersion, foreignTables, missingColumn, newerVersion

    /// SQL that turns a database the store wrote into one it did not.
    var sql: String {
      switch self {
      case .resetVersion: "PRAGMA user_version = 0"
      case .foreignTables: "DROP TABLE cache; DROP TABLE feed_image; DROP TABLE image_data; CREATE TABLE users (x)"
      case .missingColumn: "ALTER TABLE feed_image DROP COLUMN location"
      case .newerVersion: "PRAGMA user_version = 7"
      }
    }
  }

  @Test(
    "SQL-4 a database in another schema is a one-sentence retrieval error; validation deletes it and saves work again",
    arguments: Foreign.allCases)
  func foreignSchemaRecovers(_ foreign: Foreign) async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      try await SQLiteFeedStore(storeURL: url).insert(uniqueFeed().local, timestamp: fixedCurrentDate)
      try SQLiteConnection(path: url.path(percentEncoded: false)).execute(foreign.sql)
      let sut = SQLiteFeedStore(storeURL: url)

      let error = try #require(await #expect(throws: SQLiteError.self) { try await sut.retrieve() })
      #expect(error.description.contains("not in this store's schema"))
      #expect(!error.description.contains("SELECT") && !error.description.contains("\n"))
      try await LocalFeedLoader(store: sut, currentDate: { fixedCurrentDate }).validateCache()
      #expect(try await sut.retrieve() == nil)
      let cache = CachedFeed(feed: uniqueFeed().local, timestamp: fixedCurrentDate)
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      #expect(try await SQLiteFeedStore(storeURL: url).retrieve() == cache)
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
