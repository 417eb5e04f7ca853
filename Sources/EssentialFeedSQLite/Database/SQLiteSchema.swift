import CSQLite

/// The database's schema: its versions, its migrations, and the check that a database is one this package wrote.
enum SQLiteSchema {
  /// The schema version this package writes; `PRAGMA user_version` records it in the file. See ``migrations``.
  static let schemaVersion = 2

  /// One step of the schema: it brings a database from `version - 1` to `version`.
  struct Migration: Sendable {
    let version: Int
    let name: String
    let sql: String
  }

  /// Every schema this store ever wrote, in order (GRDB's `DatabaseMigrator` is the model). Each statement creates
  /// only what is missing, because version 1 databases gained the tables of version 2 one by one, on first use, as
  /// the package grew (search, the windowed list, pending likes): such a database migrates as one that has none.
  static let migrations: [Migration] = [
    Migration(
      version: 1, name: "the cached feed and image data",
      sql: SQLiteFeedCache.tablesSQL
        + "CREATE TABLE IF NOT EXISTS image_data (url TEXT PRIMARY KEY, data BLOB NOT NULL);"),
    Migration(
      version: 2, name: "the last search, the windowed list and pending likes",
      sql: """
        CREATE TABLE IF NOT EXISTS search (
          id INTEGER PRIMARY KEY CHECK (id = 1), keyword TEXT NOT NULL, timestamp REAL NOT NULL);
        CREATE TABLE IF NOT EXISTS search_result (
          position INTEGER PRIMARY KEY, id BLOB NOT NULL, description TEXT, location TEXT, url TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS feed_page (
          position INTEGER PRIMARY KEY, id BLOB NOT NULL UNIQUE, description TEXT, location TEXT, url TEXT NOT NULL);
        """ + SQLitePendingLikeStore.tableSQL),
  ]

  /// The tables of the current schema, to notice one that was dropped.
  static let tables = ["cache", "feed_image", "image_data", "search", "search_result", "feed_page", "pending_like"]

  /// Brings the database to ``schemaVersion`` in one transaction, running each migration it has not had, and
  /// creating any table of the schema that is missing (one dropped behind the store's back). Never drops anything.
  static func migrate(_ db: SQLiteConnection) throws(SQLiteError) {
    // A new file returns the pages removals free (the image cache's evictions) to the file system: SQLite sets this
    // only before the first table. A database that exists keeps its mode.
    if try db.integer("PRAGMA page_count") == 0 { try db.execute("PRAGMA auto_vacuum = INCREMENTAL") }
    try db.transaction(immediate: true) { () throws(SQLiteError) in
      // Another connection may have migrated it meanwhile: read the version again under the write lock.
      let version = try checkedVersion(db)
      for migration in migrations where migration.version > version || version == schemaVersion {
        try db.execute(migration.sql)
      }
      try db.execute("PRAGMA user_version = \(schemaVersion)")
    }
  }

  /// Whether the database lacks a migration or a table of the current schema.
  static func needsMigration(_ db: SQLiteConnection) throws(SQLiteError) -> Bool {
    guard try checkedVersion(db) == schemaVersion else { return true }
    let names = tables.map { "'\($0)'" }.joined(separator: ", ")
    return try db.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (\(names))")
      < tables.count
  }

  /// The database's schema version, when this store can use it: it wrote it, at this version or an older one. Only
  /// the versions this store writes are its own: 0 for an empty database, else 1 through ``schemaVersion`` with at
  /// least one of its tables (or none at all, every one dropped). Another program's version (a negative one, say) is
  /// never taken for one of ours, which would add our tables to its database and write our version over its own.
  ///
  /// - Throws: ``SQLiteError/newerSchema(_:)``, ``SQLiteError/notThisStore(tables:)`` or
  ///   ``SQLiteError/foreignVersion(_:)``: the database is left as it is.
  static func checkedVersion(_ db: SQLiteConnection) throws(SQLiteError) -> Int {
    let version = try db.integer("PRAGMA user_version")
    guard version <= schemaVersion else { throw .newerSchema(version, supported: schemaVersion) }
    guard version >= 0 else { throw .foreignVersion(version) }
    let tables = try db.integer("SELECT count(*) FROM sqlite_master")
    guard tables > 0 else { return version }
    guard version > 0 else { throw .notThisStore(tables: tables) }
    let names = Self.tables.map { "'\($0)'" }.joined(separator: ", ")
    let ours = try db.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (\(names))")
    guard ours > 0 else { throw .foreignVersion(version) }
    return version
  }
}

extension SQLiteConnection {
  /// The columns of `table`, in order; none when there is no such table.
  func columns(of table: String) throws(SQLiteError) -> [String] {
    let info = try statement("SELECT name FROM pragma_table_info('\(table)') ORDER BY cid")
    defer { info.reset() }
    var found: [String] = []
    while try info.step() { found.append(info.string(at: 0) ?? "") }
    return found
  }
}
