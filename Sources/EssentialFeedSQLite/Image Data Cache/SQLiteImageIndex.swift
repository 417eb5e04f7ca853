import CSQLite
import Foundation

/// The image store's index on one connection: `image_entry` (each image's size, checksum, file, when it was stored,
/// keyed by its last use, `used`, the table's row id, so the least recently used row is its first) and `image_total`
/// (the bytes stored), kept in the transactions that change the images, so limits cost a lookup, never a scan. Its
/// writes run inside the caller's write transaction.
struct SQLiteImageIndex {
  let db: SQLiteConnection

  init(_ db: SQLiteConnection) { self.db = db }

  /// The entries' table. The order of use is its key (the row id): an insert takes the next, the oldest is the first
  /// row, and a row changes two B-trees (the rows and the URL index), not three as with an index by use of its own.
  static let entryTable = """
    CREATE TABLE image_entry (
      used INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, size INTEGER NOT NULL, stored REAL NOT NULL,
      checksum INTEGER, file INTEGER);
    """

  /// Whether the image index exists: its entries and its total. Checked once per schema change on the connection
  /// (`PRAGMA schema_version`), not on every operation: it cost an eighth of an insert.
  func exists() throws(SQLiteError) -> Bool {
    let version = try db.statement(literal: "PRAGMA schema_version")
    defer { version.reset() }
    let schema = try version.step() ? version.int(at: 0) : 0
    version.reset()
    guard db.imageIndexSchema != schema else { return true }
    let tables = try db.integer(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('image_entry', 'image_total')")
    guard tables == 2, try db.integer("SELECT count(*) FROM image_total WHERE id = 1") == 1 else { return false }
    db.imageIndexSchema = schema
    return true
  }

  /// Creates the index from `image_data` when it is missing or lost (every image counted as stored `now`, used in
  /// the order of its row). Call inside a write transaction.
  func rebuildIfMissing(now: Date) throws(SQLiteError) {
    guard try !exists() else { return }
    try db.execute(
      """
      DROP TABLE IF EXISTS image_entry;
      DROP TABLE IF EXISTS image_total;
      \(Self.entryTable)
      CREATE TABLE image_total (id INTEGER PRIMARY KEY CHECK (id = 1), bytes INTEGER NOT NULL);
      """)
    let rebuild = try db.statement(
      "INSERT INTO image_entry (url, size, stored) SELECT url, length(data), ? FROM image_data ORDER BY rowid")
    defer { rebuild.reset() }
    try rebuild.bind(now.timeIntervalSinceReferenceDate, at: 1)
    try rebuild.step()
    try db.execute("INSERT INTO image_total (id, bytes) SELECT 1, coalesce(sum(size), 0) FROM image_entry")
  }

  /// Gives an index of an earlier layout (the URL its key, an index by use of its own: version 4) the order of use as
  /// its key, keeping each row and its order of use; nothing when it has it, or there is no index.
  func keyByUse() throws(SQLiteError) {
    let key = try db.integer("SELECT count(*) FROM pragma_table_info('image_entry') WHERE name = 'used' AND pk = 1")
    guard key == 0, try !db.columns(of: "image_entry").isEmpty else { return }
    let file = try db.columns(of: "image_entry").contains("file") ? "file" : "NULL"
    try db.execute(
      """
      ALTER TABLE image_entry RENAME TO image_entry_before;
      \(Self.entryTable)
      INSERT INTO image_entry (url, size, stored, checksum, file)
        SELECT url, size, stored, checksum, \(file) FROM image_entry_before ORDER BY used, rowid;
      DROP TABLE image_entry_before;
      """)
  }

  /// The files every image row names.
  func files() throws(SQLiteError) -> Set<Int> {
    let rows = try db.statement("SELECT file FROM image_entry WHERE file IS NOT NULL")
    defer { rows.reset() }
    var files: Set<Int> = []
    while try rows.step() { files.insert(rows.int(at: 0)) }
    return files
  }

  /// Creates or rebuilds the image index when it is missing, then records `keys` as used, in order, each after every
  /// use before it. The caller runs it in a transaction.
  func recordUses(_ keys: [String], now: Date) throws(SQLiteError) {
    try rebuildIfMissing(now: now)
    guard !keys.isEmpty else { return }
    let use = try db.statement(
      "UPDATE image_entry SET used = (SELECT coalesce(max(used), 0) + 1 FROM image_entry) WHERE url = ?")
    defer { use.reset() }
    for key in keys {
      try use.bind(key, at: 1)
      try use.step()
      use.reset()
    }
  }
}
