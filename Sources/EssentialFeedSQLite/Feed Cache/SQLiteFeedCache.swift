import CSQLite
import EssentialFeedCache
import Foundation

/// The cached feed on a shared ``SQLiteDatabase``: the `cache` row (its timestamp) and the `feed_image` rows, in
/// order.
///
/// - An insert replaces the cached feed in one transaction, keeping the images' order; a crash leaves the old feed or
///   the new. ``replaceCachedFeed(with:timestamp:)`` is that one transaction.
/// - Feed tables it cannot read are a retrieval error, and deleting the cache rebuilds those tables alone: pending
///   likes, the search, the pages and the images are other stores' and are kept. Only a file that is not a database
///   at all is deleted.
///
/// An actor on the database's executor whose operations never suspend: each is atomic, histories are linearizable.
public actor SQLiteFeedCache: FeedStore, SQLiteDatabaseStore {
  /// The database the feed lives in.
  public nonisolated let database: SQLiteDatabase

  /// The database's executor: the feed's operations and other stores' never interleave.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { database.unownedExecutor }

  /// Creates the feed cache on `database`.
  ///
  /// - Parameter database: The database, shared with the other stores on it.
  public init(database: SQLiteDatabase) {
    self.database = database
  }

  /// The feed's migrations (see ``SQLiteSchema/migrations``).
  static let migrations = [SQLiteMigration(version: 1, identifier: "1 the cached feed", sql: tablesSQL)]

  /// The cached feed's tables: created by the first migration, and again when they are unusable.
  static let tablesSQL = """
    CREATE TABLE IF NOT EXISTS cache (id INTEGER PRIMARY KEY CHECK (id = 1), timestamp REAL NOT NULL);
    CREATE TABLE IF NOT EXISTS feed_image (
      position INTEGER PRIMARY KEY, id BLOB NOT NULL, description TEXT, location TEXT, url TEXT NOT NULL);
    """

  /// Retrieves the cached feed, reading the timestamp and images from one snapshot. Never creates a database.
  ///
  /// - Returns: The cached feed, or `nil` when there is none (or no database file).
  /// - Throws: ``SQLiteError`` when the database cannot be opened or read, including a file that is not a database
  ///   or not in this store's schema.
  public func retrieve() throws(SQLiteError) -> CachedFeed? {
    try reading("read the cached feed from") { db throws(SQLiteError) -> CachedFeed? in
      guard let db else { return nil }
      return try db.transaction { () throws(SQLiteError) -> CachedFeed? in
        guard try db.integer("PRAGMA user_version") > 0 else { return nil }  // an empty database, read-only
        guard try Self.verifyFeedTables(db) else { return nil }
        let meta = try db.statement("SELECT timestamp FROM cache WHERE id = 1")
        defer { meta.reset() }
        guard try meta.step() else { return nil }
        let timestamp = Date(timeIntervalSinceReferenceDate: meta.double(at: 0))
        return CachedFeed(feed: try db.images(in: "feed_image"), timestamp: timestamp)
      }
    }
  }

  /// Replaces the cached feed with `feed` and `timestamp` in one transaction.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: ``SQLiteError``; the previous cache is then unchanged.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws(SQLiteError) {
    try writing("save the feed to") { db throws(SQLiteError) in
      try db.transaction(immediate: true) { () throws(SQLiteError) in
        try Self.rebuildFeedTablesIfUnusable(db)  // a new feed replaces whatever the unusable tables held
        try db.statement("DELETE FROM feed_image").step()
        let meta = try db.statement("INSERT OR REPLACE INTO cache (id, timestamp) VALUES (1, ?)")
        try meta.bind(timestamp.timeIntervalSinceReferenceDate, at: 1)
        try meta.step()
        try db.insert(feed, into: "feed_image", from: 0)
      }
    }
  }

  /// Replaces the cached feed in one transaction, as ``insert(_:timestamp:)`` does: a crash leaves the old cache or
  /// the new, never none.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: ``SQLiteError``; the previous cache is then unchanged.
  public func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) throws(SQLiteError) {
    try insert(feed, timestamp: timestamp)
  }

  /// Deletes the cached feed; image data, pending likes, the search and the pages are kept. Feed tables the store
  /// cannot read (dropped, altered) are rebuilt, and only they; a file with damaged pages is repaired (rebuilt from
  /// every row still readable, the damaged file set aside: ``SQLiteDatabase/repair()``), and one in which nothing can
  /// be read is deleted, so the store recovers. No file at all is an empty cache, and nothing is created.
  ///
  /// - Throws: ``SQLiteError`` when the cache cannot be deleted; it is then unchanged. A database written by a newer
  ///   version of the store, or not by this store, is never changed: its error is thrown.
  public func deleteCachedFeed() throws(SQLiteError) {
    let delete = { () throws(SQLiteError) in
      try self.writing("delete the cached feed from") { db throws(SQLiteError) in
        try db.transaction(immediate: true) { () throws(SQLiteError) in
          try Self.rebuildFeedTablesIfUnusable(db)
          try db.execute("DELETE FROM feed_image; DELETE FROM cache;")
        }
      }
    }
    do { try delete() } catch  where error.isUnreadableFile {  // a write repairs damage; validation deletes the rest
      let repair = try database.onSharedExecutor { database throws(SQLiteError) in try database.repair() }
      guard let repair else { throw error }
      if !repair.deletedFile { try delete() }
    }
  }
}

extension SQLiteFeedCache {
  /// The cached feed's tables and their columns, checked before the feed is read or written.
  static let feedColumns: [(table: String, columns: [String])] = [
    ("cache", ["id", "timestamp"]),
    ("feed_image", ["position", "id", "description", "location", "url"]),
  ]

  /// Whether the cached feed's tables have this store's columns; checked once per connection.
  static func feedTablesAreUsable(_ db: SQLiteConnection) throws(SQLiteError) -> Bool {
    if db.feedTablesVerified { return true }
    for (table, expected) in feedColumns where try db.columns(of: table) != expected { return false }
    db.feedTablesVerified = true
    return true
  }

  /// Whether the cached feed's tables are there, with this store's columns: `false` when both are gone (dropped: no
  /// cache, remade by the next write); throws when they have other columns, or only one is there.
  static func verifyFeedTables(_ db: SQLiteConnection) throws(SQLiteError) -> Bool {
    guard try feedTablesAreUsable(db) else {
      var absent = true
      for (table, _) in feedColumns where try !db.columns(of: table).isEmpty { absent = false }
      if absent { return false }
      let found = try feedColumns.map { entry throws(SQLiteError) in "\(entry.table)\(try db.columns(of: entry.table))"
      }
      throw .foreignSchema("the feed's tables are \(found.joined(separator: ", "))")
    }
    return true
  }

  /// Makes the cached feed's tables usable again: drops and recreates them, and only them (pending likes, the
  /// search, the pages and the images are other stores' data). Call inside a write transaction.
  static func rebuildFeedTablesIfUnusable(_ db: SQLiteConnection) throws(SQLiteError) {
    guard try !feedTablesAreUsable(db) else { return }
    try db.execute("DROP TABLE IF EXISTS feed_image; DROP TABLE IF EXISTS cache;" + tablesSQL)
    db.feedTablesVerified = true
  }
}
