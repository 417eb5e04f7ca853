import CSQLite

/// The database's schema: its versions, its migrations, and the check that a database is one this package wrote.
enum SQLiteSchema {
  /// The schema version this package writes; `PRAGMA user_version` records it in the file, so an earlier version
  /// of the package refuses a file with migrations it does not know instead of misreading it.
  static let schemaVersion = 5

  /// Every migration, in the order they apply; each store owns its own.
  static let migrations: [SQLiteMigration] = {
    let images: [SQLiteMigration] = SQLiteImageDataStore.migrations
    var all: [SQLiteMigration] = SQLiteFeedCache.migrations
    all += images.filter { $0.version == 1 }
    all += SQLiteSearchStore.migrations
    all += SQLitePageStore.migrations
    all += SQLitePendingLikeStore.migrations
    all += images.filter { $0.version >= 3 }
    return all
  }()

  /// The tables of this package's schema: a database with none of them, at one of our versions, is not ours.
  static let tables = [
    "cache", "feed_image", "image_data", "search", "search_result", "feed_page", "pending_like", "image_entry",
    "image_total", "applied_migration",
  ]

  /// Applies, in one transaction, each migration the database has not recorded, recording it, and sets the schema
  /// version. Never drops anything.
  static func migrate(_ db: SQLiteConnection) throws(SQLiteError) {
    // A new file returns the pages removals free (the image cache's evictions) to the file system: SQLite sets this
    // only before the first table. A database that exists keeps its mode.
    if try db.integer("PRAGMA page_count") == 0 { try db.execute("PRAGMA auto_vacuum = INCREMENTAL") }
    try db.transaction(immediate: true) { () throws(SQLiteError) in
      // Another connection may have migrated it meanwhile: read again under the write lock.
      _ = try checkedVersion(db)
      try db.execute("CREATE TABLE IF NOT EXISTS applied_migration (identifier TEXT PRIMARY KEY NOT NULL)")
      let applied = try appliedMigrations(db)
      let record = try db.statement("INSERT INTO applied_migration (identifier) VALUES (?)")
      defer { record.reset() }
      for migration in migrations where !applied.contains(migration.identifier) {
        try migration.apply(db)
        try record.bind(migration.identifier, at: 1)
        try record.step()
        record.reset()
      }
      try db.execute("PRAGMA user_version = \(schemaVersion)")
    }
  }

  /// Whether the database lacks a migration, read in one snapshot (see ``checkedSnapshotVersion(_:)``).
  static func needsMigration(_ db: SQLiteConnection) throws(SQLiteError) -> Bool {
    try db.transaction { () throws(SQLiteError) in
      guard try checkedVersion(db) == schemaVersion else { return true }
      return try appliedMigrations(db).count < migrations.count
    }
  }

  /// ``checkedVersion(_:)`` in a read transaction of its own. Its queries must see one snapshot: read one by one, a
  /// connection that read the version of a new, empty file (0) and then the tables another connection's migration
  /// had just committed took the database for another program's ("17 tables and no schema version"), as two processes
  /// opening a new file together did.
  static func checkedSnapshotVersion(_ db: SQLiteConnection) throws(SQLiteError) -> Int {
    try db.transaction { () throws(SQLiteError) in try checkedVersion(db) }
  }

  /// The identifiers the database records; none before it records any.
  static func appliedMigrations(_ db: SQLiteConnection) throws(SQLiteError) -> Set<String> {
    guard try db.integer("SELECT count(*) FROM sqlite_master WHERE name = 'applied_migration'") == 1 else { return [] }
    let rows = try db.statement("SELECT identifier FROM applied_migration")
    defer { rows.reset() }
    var identifiers: Set<String> = []
    while try rows.step() { identifiers.insert(rows.string(at: 0) ?? "") }
    return identifiers
  }

  /// The database's schema version, when this store can use it: it wrote it, at this version or an older one. Only
  /// the versions this store writes are its own: 0 for an empty database, else 1 through ``schemaVersion`` with at
  /// least one of its tables (or none at all, every one dropped). Another program's version (a negative one, say) is
  /// never taken for one of ours, which would add our tables to its database and write our version over its own.
  ///
  /// Call it inside a transaction: its queries must read one snapshot.
  ///
  /// - Throws: ``SQLiteError/newerSchema(_:supported:)``, ``SQLiteError/unknownMigration(_:)``,
  ///   ``SQLiteError/notThisStore(tables:)`` or ``SQLiteError/foreignVersion(_:)``: the database is left as it is.
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
    let known = Set(migrations.map(\.identifier))
    if let unknown = try appliedMigrations(db).subtracting(known).sorted().first { throw .unknownMigration(unknown) }
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
