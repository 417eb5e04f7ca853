import EssentialFeed
import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// Every schema this package ever wrote opens and upgrades, keeping what it holds.
@Suite("SQLiteFeedStore migrations")
struct SQLiteMigrationSpecs {
  /// The databases earlier versions of the store wrote, each made from what the current store writes by taking away
  /// what that version did not have (the tables kept the same columns across versions).
  enum EarlierSchema: String, CaseIterable {
    /// Version 1 as first released: the cached feed and image data.
    case version1
    /// Version 1 as the last release wrote it: the tables of search, the windowed list and pending likes were added
    /// on first use, without a new version.
    case version1WithLaterTables

    var downgrade: String {
      switch self {
      case .version1:
        "DROP TABLE search; DROP TABLE search_result; DROP TABLE feed_page; DROP TABLE pending_like; "
          + "PRAGMA user_version = 1"
      case .version1WithLaterTables: "PRAGMA user_version = 1"
      }
    }
  }

  @Test(
    "SQL-8 a database of each earlier schema opens, migrates in order to the current version, and keeps its data",
    arguments: EarlierSchema.allCases)
  func earlierSchemasMigrate(_ schema: EarlierSchema) async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      let path = url.path(percentEncoded: false)
      let cache = CachedFeed(feed: uniqueFeed().local, timestamp: fixedCurrentDate)
      let writer = SQLiteFeedStore(storeURL: url)
      try await writer.insert(cache.feed, timestamp: cache.timestamp)
      try await writer.insert(Data("image".utf8), for: URL(fileURLWithPath: "/image.png"))
      let other = schema == .version1WithLaterTables ? try await OtherProtocolsData(in: writer) : nil
      try SQLiteConnection(path: path).execute(schema.downgrade)
      #expect(try SQLiteConnection(path: path).integer("PRAGMA user_version") == 1)

      let sut = SQLiteFeedStore(storeURL: url)

      #expect(try await sut.retrieve() == cache)
      #expect(try SQLiteConnection(path: path).integer("PRAGMA user_version") == SQLiteSchema.schemaVersion)
      #expect(try await sut.retrieve(dataForURL: URL(fileURLWithPath: "/image.png")) == Data("image".utf8))
      if let other {
        try await other.expectKept(in: sut)
      } else {
        let action = PendingLikeAction(imageID: UUID(), kind: .like, timestamp: fixedCurrentDate)
        try await sut.enqueue(action)
        #expect(try await SQLiteFeedStore(storeURL: url).pendingActions() == [action])
      }
    }
  }

  @Test("SQL-10 the migrations have unique identifiers, in the order of their versions, ending at the store's version")
  func migrationsAreOrdered() {
    let migrations = SQLiteSchema.migrations
    #expect(Set(migrations.map(\.identifier)).count == migrations.count)
    #expect(migrations.map(\.version) == migrations.map(\.version).sorted())
    #expect(migrations.last?.version == SQLiteSchema.schemaVersion)
  }
}
