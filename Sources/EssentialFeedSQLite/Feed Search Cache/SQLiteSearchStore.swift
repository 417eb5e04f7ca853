import CSQLite
import EssentialFeedCache
import Foundation

/// The last search on a shared ``SQLiteDatabase``: the `search` row (its keyword and timestamp) and the
/// `search_result` rows, in order. Each change is one transaction.
///
/// An actor on the database's executor whose operations never suspend: each is atomic, histories are linearizable.
public actor SQLiteSearchStore: FeedSearchStore, SQLiteDatabaseStore {
  /// The database the store's tables live in.
  public nonisolated let database: SQLiteDatabase

  /// The database's executor: this store's operations and other stores' on the database never interleave.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { database.unownedExecutor }

  /// Creates the store on `database`.
  ///
  /// - Parameter database: The database, shared with the other stores on it.
  public init(database: SQLiteDatabase) {
    self.database = database
  }

  /// The search's migrations (see ``SQLiteSchema/migrations``).
  static let migrations = [SQLiteMigration(version: 2, identifier: "2 the last search", sql: tablesSQL)]

  /// The search's tables: made by its migration, and again by a write after they were dropped.
  static let tablesSQL = """
    CREATE TABLE IF NOT EXISTS search (
      id INTEGER PRIMARY KEY CHECK (id = 1), keyword TEXT NOT NULL, timestamp REAL NOT NULL);
    CREATE TABLE IF NOT EXISTS search_result (
      position INTEGER PRIMARY KEY, id BLOB NOT NULL, description TEXT, location TEXT, url TEXT NOT NULL);
    """

  /// The search kept, read from one snapshot; `nil` when there is none, or no database. Never creates a database.
  ///
  /// - Throws: ``SQLiteError`` when the database cannot be opened or read.
  public func retrieveSearch() throws(SQLiteError) -> CachedSearch? {
    try reading("read the last search from") { db throws(SQLiteError) -> CachedSearch? in
      guard let db, try db.hasSearchTables() else { return nil }
      return try db.transaction { () throws(SQLiteError) -> CachedSearch? in
        let meta = try db.statement("SELECT keyword, timestamp FROM search WHERE id = 1")
        defer { meta.reset() }
        guard try meta.step(), let keyword = meta.string(at: 0) else { return nil }
        let timestamp = Date(timeIntervalSinceReferenceDate: meta.double(at: 1))
        return CachedSearch(keyword: keyword, results: try db.images(in: "search_result"), timestamp: timestamp)
      }
    }
  }

  /// Replaces the search kept in one transaction.
  ///
  /// - Throws: ``SQLiteError``; the search kept is then unchanged.
  public func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) throws(SQLiteError) {
    try writing("save the search to") { db throws(SQLiteError) in
      try db.transaction(immediate: true) { () throws(SQLiteError) in
        if try !db.hasSearchTables() { try db.execute(Self.tablesSQL) }
        try db.statement("DELETE FROM search_result").step()
        let meta = try db.statement("INSERT OR REPLACE INTO search (id, keyword, timestamp) VALUES (1, ?, ?)")
        try meta.bind(keyword, at: 1)
        try meta.bind(timestamp.timeIntervalSinceReferenceDate, at: 2)
        try meta.step()
        try db.insert(results, into: "search_result", from: 0)
      }
    }
  }

  /// Appends `results` in one transaction when the search kept is for exactly `keyword`; otherwise changes nothing.
  ///
  /// - Throws: ``SQLiteError``; the search kept is then unchanged.
  public func appendToSearch(_ results: [LocalFeedImage], for keyword: String) throws(SQLiteError) {
    try writing("add a page to the search in") { db throws(SQLiteError) in
      try db.transaction(immediate: true) { () throws(SQLiteError) in
        guard try db.hasSearchTables() else { return }
        let kept = try db.statement("SELECT keyword FROM search WHERE id = 1")
        defer { kept.reset() }
        guard try kept.step(), kept.string(at: 0) == keyword else { return }
        let count = try db.integer("SELECT count(*) FROM search_result")
        try db.insert(results, into: "search_result", from: count)
      }
    }
  }

  /// Deletes the search kept.
  ///
  /// - Throws: ``SQLiteError``; the search kept is then unchanged.
  public func deleteSearch() throws(SQLiteError) {
    try writing("delete the search from") { db throws(SQLiteError) in
      try db.transaction(immediate: true) { () throws(SQLiteError) in
        guard try db.hasSearchTables() else { return }
        try db.statement("DELETE FROM search_result").step()
        try db.statement("DELETE FROM search").step()
      }
    }
  }
}

extension SQLiteConnection {
  /// Whether the database has the search tables: a database made before search has none, and no search.
  func hasSearchTables() throws(SQLiteError) -> Bool {
    try integer(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('search', 'search_result')") == 2
  }

}
