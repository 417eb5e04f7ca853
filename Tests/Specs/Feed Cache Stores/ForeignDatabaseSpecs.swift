import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// A database another program wrote, at the store's path: only the schema versions this store wrote are its own, so
/// a version it never wrote (a negative one, one past its own, or one of its own with none of its tables) leaves the
/// file as it is.
@Suite("SQLiteFeedStore on another program's database")
struct ForeignDatabaseSpecs {
  /// Another program's database: its own table and row, in the rollback journal, at a schema version of its own.
  enum Foreign: String, CaseIterable {
    case negativeVersion, smallestVersion, ourFirstVersionWithoutOurTables, ourVersionWithoutOurTables
    case nextVersion, largestVersion, negativeVersionWithoutTables

    var version: Int32 {
      switch self {
      case .negativeVersion, .negativeVersionWithoutTables: -1
      case .smallestVersion: .min
      case .ourFirstVersionWithoutOurTables: 1
      case .ourVersionWithoutOurTables: 2
      case .nextVersion: Int32(SQLiteSchema.schemaVersion + 1)
      case .largestVersion: .max
      }
    }

    /// Its SQL: a table and a row of its own, or, without tables, its schema version alone.
    var sql: String {
      let version = "PRAGMA user_version = \(version)"
      return self == .negativeVersionWithoutTables
        ? version : "CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ada'); " + version
    }
  }

  @Test(
    "SQL-11 another program's database at a version the store never wrote is an error for every operation, byte for byte unchanged",
    arguments: Foreign.allCases)
  func foreignVersion(_ foreign: Foreign) async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      try SQLiteShell.execute(foreign.sql, in: url)
      let before = try Data(contentsOf: url)

      for operation in Operation.allCases {
        let sut = SQLiteFeedStore(storeURL: url, imageLimits: ImageCacheLimits(maximumBytes: 1_000))
        let error = await #expect(throws: SQLiteError.self, "\(operation) succeeded") {
          try await operation.run(on: sut)
        }
        #expect(error?.leavesDatabaseAsItIs == true, "\(operation): \(String(describing: error))")
        #expect(try Data(contentsOf: url) == before, "\(operation) changed the database")
      }
      #expect(!FileManager.default.fileExists(atPath: url.path(percentEncoded: false) + "-wal"), "made it WAL")
    }
  }

  /// Every kind of operation the store offers, each on a fresh instance.
  enum Operation: CaseIterable {
    case retrieve, insert, delete, validate, enqueue, pending, search, pages, appendPage, insertImage, imageSize

    func run(on sut: SQLiteFeedStore) async throws {
      switch self {
      case .retrieve: _ = try await sut.retrieve()
      case .insert: try await sut.insert([], timestamp: Date())
      case .delete: try await sut.deleteCachedFeed()
      case .validate: try await LocalFeedLoader(store: sut, currentDate: Date.init).validateCache()
      case .enqueue: try await sut.enqueue(PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date()))
      case .pending: _ = try await sut.pendingActions()
      case .search: _ = try await sut.retrieveSearch()
      case .pages: _ = try await sut.retrievePage(after: nil, limit: 10)
      case .appendPage: _ = try await sut.appendPage([])
      case .insertImage: try await sut.insert(Data("image".utf8), for: URL(fileURLWithPath: "/image"))
      case .imageSize: _ = try await sut.storedImageDataSize()
      }
    }
  }
}
