import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// A zeroed page (a lost sector) in any table or index of a store's database heals, and only what it held is lost.
@Suite("SQLite healing")
struct SQLiteHealingSpecs {
  /// One page of the database zeroed: the root page of a table or an index, or the last leaf of a long table.
  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case feedImages = "feed_image"
    case feedTimestamp = "cache"
    case search
    case searchResults = "search_result"
    case pages = "feed_page"
    case pagesLeaf = "feed_page leaf"
    case pagesIndex = "sqlite_autoindex_feed_page_1"
    case pendingLikes = "pending_like"
    case pendingLikesIndex = "sqlite_autoindex_pending_like_1"
    case pendingLikesActionIndex = "pending_like_action"
    case migrations = "applied_migration"

    var testDescription: String { rawValue }

    /// The part whose rows the damage may lose; `nil` for an index, which loses nothing.
    var part: Part? {
      switch self {
      case .feedImages, .feedTimestamp: .feed
      case .search, .searchResults: .search
      case .pages, .pagesLeaf: .pages
      case .pendingLikes: .pendingLikes
      case .pagesIndex, .pendingLikesIndex, .pendingLikesActionIndex, .migrations: nil
      }
    }

    func apply(to file: URL) throws {
      if self == .pagesLeaf {
        try SQLitePageDamage.zeroLastPage(of: "feed_page", in: file)
      } else {
        try SQLitePageDamage.zeroRootPage(of: rawValue, in: file)
      }
    }
  }

  enum Part { case feed, search, pages, pendingLikes }

  @Test(
    "SQL-22 a zeroed page of any table or index is found and the file rebuilt from every row still readable; the damaged file is set aside, every other part kept, an index loses nothing, and the rebuilt file is whole",
    arguments: Damage.allCases)
  func zeroedPageHeals(_ damage: Damage) async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "feed.sqlite")
      let stored = try await StoredParts(in: SQLiteDatabase(storeURL: file))
      try damage.apply(to: file)
      let database = SQLiteDatabase(storeURL: file)

      let repair = try #require(try await database.repair(), "the damage was not found")

      let aside = try #require(repair.setAside)
      #expect(aside == file.path(percentEncoded: false) + ".damaged")
      #expect(FileManager.default.fileExists(atPath: aside))
      try await stored.expectKept(in: database, losing: damage.part, report: repair)
      #expect(try await database.repair() == nil, "the rebuilt file is still damaged")
      #expect(await database.repairsMade() == [repair])
      let migrations = try SQLiteShell.text("SELECT count(*) FROM applied_migration", in: file)
      #expect(migrations == String(SQLiteSchema.migrations.count), "a migration would run again")
      #expect(try await SQLiteDatabase(storeURL: file).repair() == nil)
      let mode = try FileManager.default.attributesOfItem(atPath: file.path(percentEncoded: false))[.posixPermissions]
      #expect(mode as? Int == 0o600)
    }
  }

  @Test("SQL-23 a whole file is left as it is; a file in which nothing can be read (its first page lost) is deleted")
  func wholeAndUnreadableFiles() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "feed.sqlite")
      _ = try await StoredParts(in: SQLiteDatabase(storeURL: file))
      let before = try Data(contentsOf: file)
      #expect(try await SQLiteDatabase(storeURL: file).repair() == nil)
      #expect(try Data(contentsOf: file) == before)

      try SQLitePageDamage.zeroPage(1, in: file)
      let database = SQLiteDatabase(storeURL: file)
      let repair = try #require(try await database.repair())

      #expect(repair.deletedFile && repair.keptRows.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: file.path(percentEncoded: false)))
      #expect(await database.repairsMade() == [repair])
      #expect(try await SQLitePendingLikeStore(database: database).pendingActions() == [])
    }
  }

  @Test(
    "SQL-24 validating the cached feed of a file with a zeroed page repairs the file instead of deleting it: the pending likes, the search and the pages are kept",
    arguments: [Damage.feedImages, .feedTimestamp])
  func feedValidationRepairs(_ damage: Damage) async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "feed.sqlite")
      let stored = try await StoredParts(in: SQLiteDatabase(storeURL: file))
      try damage.apply(to: file)
      let database = SQLiteDatabase(storeURL: file)
      let feed = SQLiteFeedCache(database: database)

      try await LocalFeedLoader(store: feed, currentDate: { fixedCurrentDate }).validateCache()

      let repair = try #require(await database.repairsMade().first, "validation did not repair the file")
      #expect(FileManager.default.fileExists(atPath: try #require(repair.setAside)))
      let likes = try await SQLitePendingLikeStore(database: database).pendingActions()
      #expect(likes == stored.likes)
      #expect(try await SQLiteSearchStore(database: database).retrieveSearch()?.results == stored.results)
    }
  }

  @Test(
    "SQL-25 a write that meets a zeroed page repairs the file and is done (a damaged index of pending likes made every removal fail, so sync sent them all again); recovering pending likes repairs it too",
    arguments: [Damage.pendingLikesIndex, .pendingLikesActionIndex, .pagesIndex])
  func writesAndRecoveryRepair(_ damage: Damage) async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "feed.sqlite")
      let stored = try await StoredParts(in: SQLiteDatabase(storeURL: file))
      try damage.apply(to: file)
      let database = SQLiteDatabase(storeURL: file)
      let likes = SQLitePendingLikeStore(database: database)

      #expect(try await likes.removeIfPending(stored.likes[0]))
      let newer = try await SQLitePageStore(database: database).appendPage([LocalFeedImage(uniqueImage())])

      #expect(try await likes.pendingActions() == Array(stored.likes.dropFirst()))
      #expect(newer.count == 1)
      #expect(try await SQLitePageStore(database: database).retrievePage(after: nil, limit: 1_000).count == 601)
      #expect(await database.repairsMade().count == 1)
    }
  }

  @Test(
    "SQL-25 recovering pending likes finds a damaged page the reads never meet (an index) and repairs the file, saying where the damaged one is"
  )
  func pendingLikeRecoveryRepairs() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "feed.sqlite")
      let stored = try await StoredParts(in: SQLiteDatabase(storeURL: file))
      try Damage.pendingLikesIndex.apply(to: file)
      let likes = SQLitePendingLikeStore(database: SQLiteDatabase(storeURL: file))

      let recovery = try await likes.recoverPendingActions()

      #expect(recovery.kept == stored.likes.count)
      #expect(recovery.setAside == file.path(percentEncoded: false) + ".damaged")
      #expect(try await likes.removeIfPending(stored.likes[0]))
    }
  }

  @Test(
    "SQL-28 a read that meets a damaged page repairs the file and reads the rebuilt one; a file in which nothing can be read stays an error, and in place, until repair() deletes it"
  )
  func readsRepair() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "feed.sqlite")
      let stored = try await StoredParts(in: SQLiteDatabase(storeURL: file))
      try Damage.pagesLeaf.apply(to: file)
      let database = SQLiteDatabase(storeURL: file)

      let pages = try await SQLitePageStore(database: database).retrievePage(after: nil, limit: 1_000)

      #expect(!pages.isEmpty && Set(pages).isSubset(of: stored.pages) && pages.count < stored.pages.count)
      #expect(await database.repairsMade().map(\.keptRows["feed_page"]) == [pages.count])
      #expect(try await SQLitePendingLikeStore(database: database).pendingActions() == stored.likes)

      await database.close()
      try SQLitePageDamage.zeroPage(1, in: file)
      let unreadable = SQLiteDatabase(storeURL: file)
      await #expect(throws: SQLiteError.self) {
        try await SQLitePendingLikeStore(database: unreadable).pendingActions()
      }
      await #expect(throws: SQLiteError.self) { try await SQLitePageStore(database: unreadable).appendPage([]) }
      #expect(FileManager.default.fileExists(atPath: file.path(percentEncoded: false)))
      #expect(await unreadable.repairsMade() == [])
    }
  }

  @Test(
    "SQL-31 a row the store cannot use (SQLITE_CORRUPT from the store, in a whole file) stays an error and costs one check of the file, not one per read"
  )
  func unusableRowIsCheckedOnce() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "feed.sqlite")
      _ = try await StoredParts(in: SQLiteDatabase(storeURL: file))
      try SQLiteShell.execute(
        "UPDATE feed_page SET id = x'00' WHERE position = (SELECT min(position) FROM feed_page)", in: file)
      let database = SQLiteDatabase(storeURL: file)
      let pages = SQLitePageStore(database: database)

      for _ in 0..<3 {
        await #expect(throws: SQLiteError.self) { try await pages.retrievePage(after: nil, limit: 10) }
      }

      #expect(await database.healed.checks == 1)
      #expect(await database.repairsMade() == [])
    }
  }

  @Test("SQL-32 a rebuild a killed repair left beside the database is removed by the next write")
  func leftRebuildIsRemoved() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "feed.sqlite")
      let left = file.path(percentEncoded: false) + ".rebuilding"
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      for suffix in ["", "-journal"] { try Data("half a rebuild".utf8).write(to: URL(fileURLWithPath: left + suffix)) }

      try await SQLiteFeedCache(database: SQLiteDatabase(storeURL: file)).insert([], timestamp: fixedCurrentDate)

      #expect(!FileManager.default.fileExists(atPath: left))
      #expect(!FileManager.default.fileExists(atPath: left + "-journal"))
    }
  }
}

/// A feed, a search, a long page list and pending likes on one database, to check which of them a repair kept.
struct StoredParts {
  let feed = (0..<64).map { _ in LocalFeedImage(uniqueImage()) }
  let results = (0..<30).map { _ in LocalFeedImage(uniqueImage()) }
  let pages = (0..<600).map { _ in LocalFeedImage(uniqueImage()) }
  let likes = (0..<30).map { PendingLikeAction(imageID: UUID(), kind: .like, timestamp: fixedCurrentDate + Double($0)) }

  init(in database: SQLiteDatabase) async throws {
    try await SQLiteFeedCache(database: database).insert(feed, timestamp: fixedCurrentDate)
    try await SQLiteSearchStore(database: database).replaceSearch(
      with: results, for: "kyoto", timestamp: fixedCurrentDate)
    _ = try await SQLitePageStore(database: database).replacePages(with: pages)
    for like in likes { try await SQLitePendingLikeStore(database: database).enqueue(like) }
    await database.close()
  }

  /// Expects every part but `lost` kept whole, and `lost` to keep only rows it had, as many as the repair says.
  func expectKept(
    in database: SQLiteDatabase, losing lost: SQLiteHealingSpecs.Part?, report: SQLiteRepair,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let feed = try await SQLiteFeedCache(database: database).retrieve()
    let search = try await SQLiteSearchStore(database: database).retrieveSearch()
    let pages = try await SQLitePageStore(database: database).retrievePage(after: nil, limit: 10_000)
    let likes = try await SQLitePendingLikeStore(database: database).pendingActions()
    if lost == .feed {
      #expect(feed == nil, "a feed that lost images is no cache", sourceLocation: sourceLocation)
    } else {
      #expect(feed == CachedFeed(feed: self.feed, timestamp: fixedCurrentDate), sourceLocation: sourceLocation)
    }
    if lost == .search {
      #expect(search == nil, "a search that lost results is no search", sourceLocation: sourceLocation)
    } else {
      #expect(search?.results == results, sourceLocation: sourceLocation)
    }
    #expect(lost == .pages ? Set(pages).isSubset(of: self.pages) : pages == self.pages, sourceLocation: sourceLocation)
    #expect(
      lost == .pendingLikes ? Set(likes).isSubset(of: self.likes) : likes == self.likes, sourceLocation: sourceLocation)
    #expect(report.keptRows["feed_page"] == pages.count, "\(report.keptRows)", sourceLocation: sourceLocation)
    #expect(report.keptRows["pending_like"] == likes.count, "\(report.keptRows)", sourceLocation: sourceLocation)
  }
}
