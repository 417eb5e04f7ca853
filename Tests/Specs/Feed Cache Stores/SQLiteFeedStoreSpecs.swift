import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@Suite("SQLiteFeedStore")
struct SQLiteFeedStoreSpecs {
  @Test("SQL-1 creates a versioned schema in a WAL-journaled file, and refuses a newer schema with a clear error")
  func versionedSchema() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      try await SQLiteFeedStore(storeURL: url).insert([], timestamp: Date())

      let header = try Data(contentsOf: url)
      #expect(header.prefix(16) == Data("SQLite format 3\0".utf8))
      #expect(header[18] == 2 && header[19] == 2, "file format bytes 18–19 are 2 in WAL mode")
      #expect(header[60..<64] == Data([0, 0, 0, 5]), "PRAGMA user_version is stored at offset 60")

      var newer = header
      newer.replaceSubrange(60..<64, with: [0, 0, 0, 9])
      let newerURL = directory.appending(path: "newer.sqlite")
      try newer.write(to: newerURL)
      let error = await #expect(throws: SQLiteError.self) { try await SQLiteFeedStore(storeURL: newerURL).retrieve() }
      #expect(error?.message.contains("schema version 9 is newer") == true)
    }
  }

  @Test("SQL-2 a file that is not a database is a retrieval error with SQLite's message; deleting recovers")
  func notADatabase() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      try Data("this is not a database, just text that is long enough to have a header".utf8).write(to: url)
      let sut = SQLiteFeedStore(storeURL: url)

      let error = await #expect(throws: SQLiteError.self) { try await sut.retrieve() }
      #expect(error?.description.contains("not a database") == true)

      try await sut.deleteCachedFeed()
      let cache = CachedFeed(feed: uniqueFeed().local, timestamp: fixedCurrentDate)
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      #expect(try await sut.retrieve() == cache)
    }
  }
}
