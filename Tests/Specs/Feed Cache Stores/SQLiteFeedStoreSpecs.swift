import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation
import Testing

@Suite("SQLiteFeedStore")
struct SQLiteFeedStoreSpecs {
  @Test("passes the FeedStore specs in memory", arguments: FeedStoreSpec.allCases)
  func feedStoreInMemory(_ spec: FeedStoreSpec) async throws {
    try await spec.verify { SQLiteFeedStore.inMemory() }
  }

  @Test("passes the FeedStore specs on a file", arguments: FeedStoreSpec.allCases)
  func feedStoreOnFile(_ spec: FeedStoreSpec) async throws {
    try await withTemporaryDirectory { directory in
      try await spec.verify { SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite")) }
    }
  }

  @Test("passes the FeedStore specs through two instances on one file", arguments: FeedStoreSpec.allCases)
  func feedStoreAcrossInstances(_ spec: FeedStoreSpec) async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      try await spec.verify { AlternatingStore(SQLiteFeedStore(storeURL: url), SQLiteFeedStore(storeURL: url)) }
    }
  }

  @Test("passes the FeedImageDataStore specs", arguments: FeedImageDataStoreSpec.allCases)
  func imageDataStore(_ spec: FeedImageDataStoreSpec) async throws {
    try await withTemporaryDirectory { directory in
      try await spec.verify { SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite")) }
    }
  }

  @Test("passes the failable FeedStore specs", arguments: FailableFeedStoreSpec.allCases)
  func failable(_ spec: FailableFeedStoreSpec) async throws {
    try await withTemporaryDirectory { directory in
      let blocker = try makeRegularFile(in: directory)
      try await spec.verify(
        FeedStoreFailures(
          retrieval: {
            let url = directory.appending(path: "not-a-database.sqlite")
            try Data(repeating: 0x2A, count: 4_096).write(to: url)
            return SQLiteFeedStore(storeURL: url)
          },
          insertion: { SQLiteFeedStore(storeURL: blocker.appending(path: "sub/feed.sqlite")) },
          deletion: { SQLiteFeedStore(storeURL: blocker.appending(path: "feed.sqlite")) }
        ))
    }
  }

  @Test("passes the persistence specs", arguments: PersistentFeedStoreSpec.allCases)
  func persistence(_ spec: PersistentFeedStoreSpec) async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      try await spec.verify { SQLiteFeedStore(storeURL: url) }
    }
  }

  @Test("SQL-1 creates a versioned schema in a WAL-journaled file, and refuses a newer schema with a clear error")
  func versionedSchema() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      try await SQLiteFeedStore(storeURL: url).insert([], timestamp: Date())

      let header = try Data(contentsOf: url)
      #expect(header.prefix(16) == Data("SQLite format 3\0".utf8))
      #expect(header[18] == 2 && header[19] == 2, "file format bytes 18–19 are 2 in WAL mode")
      #expect(header[60..<64] == Data([0, 0, 0, 1]), "PRAGMA user_version is stored at offset 60")

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

/// Sends each operation to one of two stores in turn: two instances on one file must behave as one store.
actor AlternatingStore: FeedStore {
  private let stores: [any FeedStore]
  private var next = 0

  init(_ first: any FeedStore, _ second: any FeedStore) {
    stores = [first, second]
  }

  private func pick() -> any FeedStore {
    defer { next = (next + 1) % stores.count }
    return stores[next]
  }

  func deleteCachedFeed() async throws { try await pick().deleteCachedFeed() }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    try await pick().insert(feed, timestamp: timestamp)
  }
  func retrieve() async throws -> CachedFeed? { try await pick().retrieve() }
}
