import CSQLite
import Foundation

extension SQLiteConnection {
  /// Whether the image index exists: its entries and its total.
  func hasImageIndex() throws(SQLiteError) -> Bool {
    let tables = try integer(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('image_entry', 'image_total')")
    guard tables == 2 else { return false }
    return try integer("SELECT count(*) FROM image_total WHERE id = 1") == 1
  }

  /// Creates the index from `image_data` when it is missing or lost (every image counted as stored `now`, used in
  /// the order of its row). Call inside a write transaction.
  func rebuildImageIndexIfMissing(now: Date) throws(SQLiteError) {
    guard try !hasImageIndex() else { return }
    try execute(
      """
      DROP TABLE IF EXISTS image_entry;
      DROP TABLE IF EXISTS image_total;
      CREATE TABLE image_entry (
        url TEXT PRIMARY KEY, size INTEGER NOT NULL, stored REAL NOT NULL, used INTEGER NOT NULL, checksum INTEGER,
        file INTEGER);
      CREATE INDEX image_entry_by_use ON image_entry (used);
      CREATE TABLE image_total (id INTEGER PRIMARY KEY CHECK (id = 1), bytes INTEGER NOT NULL);
      """)
    let rebuild = try statement(
      "INSERT INTO image_entry (url, size, stored, used) SELECT url, length(data), ?, rowid FROM image_data")
    defer { rebuild.reset() }
    try rebuild.bind(now.timeIntervalSinceReferenceDate, at: 1)
    try rebuild.step()
    try execute("INSERT INTO image_total (id, bytes) SELECT 1, coalesce(sum(size), 0) FROM image_entry")
  }

  /// Stores the bytes of an image in the database, under `key`.
  func insertImageData(_ data: Data, for key: String) throws(SQLiteError) {
    let row = try statement("INSERT INTO image_data (url, data) VALUES (?, ?)")
    defer { row.reset() }
    try row.bind(key, at: 1)
    try row.step(binding: data, at: 2)
  }

  /// Records a new image of `size` bytes under `key`, with its bytes' `checksum`, stored at `stored` and used last; in
  /// the file `file` (see ``SQLiteImageFiles``), or in `image_data` when it is `nil`.
  func indexImage(_ key: String, size: Int, checksum: Int, stored: Date, file: Int?) throws(SQLiteError) {
    let entry = try statement(
      """
      INSERT INTO image_entry (url, size, stored, used, checksum, file)
      VALUES (?, ?, ?, (SELECT coalesce(max(used), 0) + 1 FROM image_entry), ?, ?)
      """)
    defer { entry.reset() }
    try entry.bind(key, at: 1)
    try entry.bind(size, at: 2)
    try entry.bind(stored.timeIntervalSinceReferenceDate, at: 3)
    try entry.bind(checksum, at: 4)
    if let file { try entry.bind(file, at: 5) } else { try entry.bind(nil as String?, at: 5) }
    try entry.step()
    try addToTotal(size)
  }

  /// Removes the image under `key`, its data and its entry, if there is one; only when its file is `file`, if given.
  ///
  /// - Returns: The image's file, which the caller removes once the removal commits; `nil` for an image in the
  ///   database, or none.
  @discardableResult
  func removeImage(_ key: String, ifFile file: Int? = nil) throws(SQLiteError) -> Int? {
    let entry = try statement("SELECT size, file FROM image_entry WHERE url = ?")
    defer { entry.reset() }
    try entry.bind(key, at: 1)
    let found = try entry.step()
    let (size, removed) = (found ? entry.int(at: 0) : 0, !found || entry.isNull(at: 1) ? nil : entry.int(at: 1))
    entry.reset()
    if let file, removed != file { return nil }  // another image since: not the one the caller found wrong
    if found { try addToTotal(-size) }
    let deletes = removed == nil ? ["DELETE FROM image_data WHERE url = ?"] : []
    for sql in deletes + ["DELETE FROM image_entry WHERE url = ?"] {
      let delete = try statement(sql)
      defer { delete.reset() }
      try delete.bind(key, at: 1)
      try delete.step()
    }
    return removed
  }

  /// Removes the least recently used images until the total is at most `limit` bytes.
  ///
  /// - Returns: The files of the images removed, which the caller removes once the removal commits.
  func evictImages(downTo limit: Int) throws(SQLiteError) -> [Int] {
    var files: [Int] = []
    while try integer("SELECT bytes FROM image_total WHERE id = 1") > limit {
      let oldest = try statement("SELECT url FROM image_entry ORDER BY used LIMIT 1")
      defer { oldest.reset() }
      guard try oldest.step(), let key = oldest.string(at: 0) else { return files }
      oldest.reset()
      if let file = try removeImage(key) { files.append(file) }
    }
    return files
  }

  /// The files every image row names.
  func imageFiles() throws(SQLiteError) -> Set<Int> {
    let rows = try statement("SELECT file FROM image_entry WHERE file IS NOT NULL")
    defer { rows.reset() }
    var files: Set<Int> = []
    while try rows.step() { files.insert(rows.int(at: 0)) }
    return files
  }

  private func addToTotal(_ bytes: Int) throws(SQLiteError) {
    let total = try statement("UPDATE image_total SET bytes = bytes + ? WHERE id = 1")
    defer { total.reset() }
    try total.bind(bytes, at: 1)
    try total.step()
  }

  /// Creates or rebuilds the image index when it is missing, then records `keys` as used, in order, each after every
  /// use before it. The caller runs it in a transaction.
  func recordImageUses(_ keys: [String], now: Date) throws(SQLiteError) {
    try rebuildImageIndexIfMissing(now: now)
    let use = try statement(
      "UPDATE image_entry SET used = (SELECT coalesce(max(used), 0) + 1 FROM image_entry) WHERE url = ?")
    defer { use.reset() }
    for key in keys {
      try use.bind(key, at: 1)
      try use.step()
      use.reset()
    }
  }
}
