import CSQLite

extension SQLiteFeedStore {
  /// One step of the schema: it brings a database from `version - 1` to `version`.
  struct Migration: Sendable {
    let version: Int
    let name: String
    let sql: String
  }

  /// The cached feed's tables: created by the first migration, and again when they are unusable.
  static let feedTablesSQL = """
    CREATE TABLE IF NOT EXISTS cache (id INTEGER PRIMARY KEY CHECK (id = 1), timestamp REAL NOT NULL);
    CREATE TABLE IF NOT EXISTS feed_image (
      position INTEGER PRIMARY KEY, id BLOB NOT NULL, description TEXT, location TEXT, url TEXT NOT NULL);
    """

  /// Every schema this store ever wrote, in order (GRDB's `DatabaseMigrator` is the model). Each statement creates
  /// only what is missing, because version 1 databases gained the tables of version 2 one by one, on first use, as
  /// the package grew (search, the windowed list, pending likes): such a database migrates as one that has none.
  static let migrations: [Migration] = [
    Migration(
      version: 1, name: "the cached feed and image data",
      sql: feedTablesSQL + "CREATE TABLE IF NOT EXISTS image_data (url TEXT PRIMARY KEY, data BLOB NOT NULL);"),
    Migration(
      version: 2, name: "the last search, the windowed list and pending likes",
      sql: """
        CREATE TABLE IF NOT EXISTS search (
          id INTEGER PRIMARY KEY CHECK (id = 1), keyword TEXT NOT NULL, timestamp REAL NOT NULL);
        CREATE TABLE IF NOT EXISTS search_result (
          position INTEGER PRIMARY KEY, id BLOB NOT NULL, description TEXT, location TEXT, url TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS feed_page (
          position INTEGER PRIMARY KEY, id BLOB NOT NULL UNIQUE, description TEXT, location TEXT, url TEXT NOT NULL);
        """ + pendingLikeTableSQL),
  ]

  /// The pending likes' table: created by the second migration, and again by a recovery that dropped it.
  static let pendingLikeTableSQL = """
    CREATE TABLE IF NOT EXISTS pending_like (
      position INTEGER PRIMARY KEY, image_id BLOB NOT NULL UNIQUE, action_id BLOB NOT NULL,
      kind INTEGER NOT NULL, timestamp REAL NOT NULL);
    CREATE INDEX IF NOT EXISTS pending_like_action ON pending_like (action_id);
    """

  /// The tables of the current schema, to notice one that was dropped.
  static let tables = ["cache", "feed_image", "image_data", "search", "search_result", "feed_page", "pending_like"]

  /// The cached feed's tables and their columns, checked before the feed is read or written.
  static let feedColumns: [(table: String, columns: [String])] = [
    ("cache", ["id", "timestamp"]),
    ("feed_image", ["position", "id", "description", "location", "url"]),
  ]

  /// Brings the database to ``schemaVersion`` in one transaction, running each migration it has not had, and
  /// creating any table of the schema that is missing (one dropped behind the store's back). Never drops anything.
  static func migrate(_ db: SQLiteConnection) throws(SQLiteError) {
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

  /// Whether the cached feed's tables have this store's columns; checked once per connection.
  static func feedTablesAreUsable(_ db: SQLiteConnection) throws(SQLiteError) -> Bool {
    if db.feedTablesVerified { return true }
    for (table, expected) in feedColumns where try db.columns(of: table) != expected { return false }
    db.feedTablesVerified = true
    return true
  }

  /// Throws unless the cached feed's tables have this store's columns.
  static func verifyFeedTables(_ db: SQLiteConnection) throws(SQLiteError) {
    guard try feedTablesAreUsable(db) else {
      let found = try feedColumns.map { entry throws(SQLiteError) in "\(entry.table)\(try db.columns(of: entry.table))"
      }
      throw .foreignSchema("the feed's tables are \(found.joined(separator: ", "))")
    }
  }

  /// Makes the cached feed's tables usable again: drops and recreates them, and only them (pending likes, the
  /// search, the pages and the images are other protocols' data). Call inside a write transaction.
  static func rebuildFeedTablesIfUnusable(_ db: SQLiteConnection) throws(SQLiteError) {
    guard try !feedTablesAreUsable(db) else { return }
    try db.execute("DROP TABLE IF EXISTS feed_image; DROP TABLE IF EXISTS cache;" + feedTablesSQL)
    db.feedTablesVerified = true
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
