import CSQLite
import Foundation

/// Copies every row a damaged database still reads into a new database file, table by table and row by row, in the
/// schema the damaged file records (its tables, indexes, triggers and views, its page size, vacuum mode and version).
///
/// A damaged page stops a scan where it starts; the scan then seeks past it (a seek descends the tree without reading
/// the damaged page) and reads back down to it, so only the rows on the damaged pages are lost. Indexes are never
/// read: the new file builds them again from the rows kept, so a damaged index page loses nothing.
struct SQLiteSalvage {
  /// The damaged database, read only.
  let source: SQLiteConnection
  /// The new database, written in one transaction.
  let target: SQLiteConnection

  /// Writes a new database at `path` (replacing any file there) with every row `source` still reads.
  ///
  /// - Returns: The rows kept per table; `nil` when the damaged file's schema cannot be read, so nothing in it can.
  /// - Throws: ``SQLiteError`` when the new file cannot be written; nothing is left at `path` then.
  static func rebuild(from source: SQLiteConnection, into path: String) throws(SQLiteError) -> [String: Int]? {
    try source.execute("BEGIN")  // one snapshot: the rows of a file another process writes, all as of one moment
    defer { try? source.execute("ROLLBACK") }
    let schema: [SchemaEntry]
    do { schema = try source.schemaEntries() } catch  where error.isUnreadableFile { return nil }
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    // Created here, private to the user, as the store's own files are (see `SQLiteDatabase.open(forWriting:)`).
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    if fd >= 0 { close(fd) }
    do {
      let target = try SQLiteConnection(path: path)
      let layout = ["page_size", "auto_vacuum"].compactMap { pragma in
        (try? source.integer("PRAGMA \(pragma)")).map { "PRAGMA \(pragma) = \($0);" }
      }
      try target.execute(layout.joined())
      try target.execute("PRAGMA user_version = \((try? source.integer("PRAGMA user_version")) ?? 0)")
      let kept = try SQLiteSalvage(source: source, target: target).copy(schema)
      return kept
    } catch {
      for suffix in ["", "-journal"] { unlink(path + suffix) }
      throw error
    }
  }

  /// Makes `schema` in the target and copies each table's readable rows, in one transaction.
  private func copy(_ schema: [SchemaEntry]) throws(SQLiteError) -> [String: Int] {
    try target.transaction(immediate: true) { () throws(SQLiteError) -> [String: Int] in
      var damaged: Set<String> = []
      let tables = schema.filter { $0.type == "table" && !$0.name.hasPrefix("sqlite_") }
      for entry in tables {
        try target.execute(entry.sql)
        if try !copyRows(of: entry.name) { damaged.insert(entry.name) }
      }
      try SQLiteSchema.reconcile(target, afterLosingRowsOf: damaged)
      var kept: [String: Int] = [:]
      for entry in tables { kept[entry.name] = try target.integer("SELECT count(*) FROM \(Self.quoted(entry.name))") }
      // Indexes after their rows (faster, and a damaged index is rebuilt from the rows, never read); a trigger last,
      // so that it does not fire on the copy.
      for type in ["index", "view", "trigger"] {
        for entry in schema where entry.type == type && !entry.name.hasPrefix("sqlite_") {
          try target.execute(entry.sql)
        }
      }
      return kept
    }
  }

  /// Copies every row of `table` the source reads, keeping its row id; returns whether it read every one.
  private func copyRows(of table: String) throws(SQLiteError) -> Bool {
    // A table the source cannot describe or select from (one without row ids, none of ours) keeps no rows: the
    // others are still copied.
    guard let columns = try? source.columns(of: table).map(Self.quoted) else { return false }
    let list = (["rowid"] + columns).joined(separator: ", ")
    let name = Self.quoted(table)
    guard let select = try? source.statement("SELECT \(list) FROM \(name) NOT INDEXED WHERE rowid = ?") else {
      return false
    }
    let placeholders = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
    let insert = try target.statement("INSERT OR IGNORE INTO \(name) (\(list)) VALUES (\(placeholders))")
    defer { select.reset() }
    defer { insert.reset() }
    var rowsWhole = true
    let scansWhole = try visitReadableRowIDs(of: name) { rowid throws(SQLiteError) in
      select.reset()
      insert.reset()
      guard (try? select.bind(rowid, at: 1)) != nil, (try? select.step()) == true else {
        rowsWhole = false  // a damaged row (its overflow pages)
        return
      }
      for column in 0...Int32(columns.count) {
        sqlite3_bind_value(insert.handle, column + 1, sqlite3_column_value(select.handle, column))
      }
      try insert.step()
    }
    return scansWhole && rowsWhole
  }

  /// A name as an SQL identifier.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}

extension SQLiteSalvage {
  /// One object of the damaged file's schema.
  struct SchemaEntry {
    let type: String
    let name: String
    let sql: String
  }
}

extension SQLiteConnection {
  /// The objects `sqlite_master` records with their SQL, in the order they were made.
  func schemaEntries() throws(SQLiteError) -> [SQLiteSalvage.SchemaEntry] {
    let rows = try statement("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
    defer { rows.reset() }
    var entries: [SQLiteSalvage.SchemaEntry] = []
    while try rows.step() {
      entries.append(
        .init(type: rows.string(at: 0) ?? "", name: rows.string(at: 1) ?? "", sql: rows.string(at: 2) ?? ""))
    }
    return entries
  }
}
