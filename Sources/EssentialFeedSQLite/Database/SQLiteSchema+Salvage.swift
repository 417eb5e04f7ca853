import Foundation

/// What a rebuilt database keeps of a part that lost rows to damage (see ``SQLiteSalvage``): each store's rule for its
/// own tables, run in the rebuild's transaction.
extension SQLiteSchema {
  /// Makes each part whose tables lost rows consistent again: a feed or a search with rows lost is no cache (a gap in
  /// it would be shown as the whole: it is loaded again), the image index is made again from the image data kept (an image it lost counted as stored
  /// now, used after every other); the
  /// page list and pending likes keep every row read (each row stands on its own). A record of migrations that lost
  /// rows records again every migration of the file's version, so none runs twice.
  static func reconcile(_ db: SQLiteConnection, afterLosingRowsOf damaged: Set<String>) throws(SQLiteError) {
    let tables = try db.tableNames()
    if damaged.contains("applied_migration"), tables.contains("applied_migration") {
      let version = try db.integer("PRAGMA user_version")
      let record = try db.statement("INSERT OR IGNORE INTO applied_migration (identifier) VALUES (?)")
      defer { record.reset() }
      for migration in migrations where migration.version <= version {
        try record.bind(migration.identifier, at: 1)
        try record.step()
        record.reset()
      }
    }
    let parts: [(tables: Set<String>, sql: String)] = [
      (["cache", "feed_image"], "DELETE FROM feed_image; DELETE FROM cache;"),
      (["search", "search_result"], "DELETE FROM search_result; DELETE FROM search;"),
    ]
    for part in parts where !part.tables.isDisjoint(with: damaged) && part.tables.isSubset(of: tables) {
      try db.execute(part.sql)
    }
    let images: Set<String> = ["image_data", "image_entry", "image_total"]
    if !images.isDisjoint(with: damaged), images.isSubset(of: tables) {
      let used = try db.integer("SELECT coalesce(max(used), 0) FROM image_entry")
      // An image in a file keeps its row: its bytes are checked against it when read (see `SQLiteImageFiles`).
      let inline = try db.columns(of: "image_entry").contains("file") ? "file IS NULL" : "1"
      try db.execute(
        """
        DELETE FROM image_entry WHERE \(inline) AND url NOT IN (SELECT url FROM image_data);
        UPDATE image_entry SET size = (SELECT length(data) FROM image_data d WHERE d.url = image_entry.url)
          WHERE \(inline);
        INSERT INTO image_entry (url, size, stored, used)
          SELECT url, length(data), \(Date().timeIntervalSinceReferenceDate), rowid + \(used) FROM image_data
          WHERE url NOT IN (SELECT url FROM image_entry);
        DELETE FROM image_total;
        INSERT INTO image_total (id, bytes) SELECT 1, coalesce(sum(size), 0) FROM image_entry;
        """)
    }
  }
}

extension SQLiteConnection {
  /// The names of the database's tables.
  func tableNames() throws(SQLiteError) -> Set<String> {
    let rows = try statement("SELECT name FROM sqlite_master WHERE type = 'table'")
    defer { rows.reset() }
    var names: Set<String> = []
    while try rows.step() { names.insert(rows.string(at: 0) ?? "") }
    return names
  }
}
