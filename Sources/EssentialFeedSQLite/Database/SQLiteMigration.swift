/// One named step of the schema, owned by the store whose tables it makes or changes (GRDB's `DatabaseMigrator`
/// registrations are the model).
///
/// The database records the identifier of each migration it applied in `applied_migration`, in the same transaction
/// as the migration: each is applied once and only once, in the order of ``SQLiteSchema/migrations``, and never
/// re-run to repair a table. A migration's SQL can therefore be anything, an `ALTER TABLE` included; only those of
/// versions 1 and 2 create just what is missing, because the databases those versions wrote record no migrations
/// and may already have some of their tables.
struct SQLiteMigration: Sendable {
  /// The schema version (`PRAGMA user_version`) the migration belongs to.
  let version: Int
  /// The name recorded in the database; never changed once released.
  let identifier: String
  /// The migration's work, run inside the migrating transaction.
  let apply: @Sendable (SQLiteConnection) throws(SQLiteError) -> Void

  /// A migration that runs `apply`.
  init(
    version: Int, identifier: String, apply: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Void
  ) {
    self.version = version
    self.identifier = identifier
    self.apply = apply
  }

  /// A migration that runs `sql`.
  init(version: Int, identifier: String, sql: String) {
    self.init(version: version, identifier: identifier) { db throws(SQLiteError) in try db.execute(sql) }
  }
}
