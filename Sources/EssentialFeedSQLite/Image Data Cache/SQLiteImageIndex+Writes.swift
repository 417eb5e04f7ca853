import CSQLite
import Foundation

/// The writes of the image store's index: an image stored, removed, evicted; the total kept with them. Call them
/// inside a write transaction.
extension SQLiteImageIndex {
  /// A row removed from the index: its key, size and file (`nil` for an image in `image_data`).
  struct RemovedImage {
    let key: String
    let size: Int
    let file: Int?
  }

  /// Stores an image of `data` under `key`, replacing the one stored under it: in the file `file.name` of
  /// `file.files` (written and flushed before the row, which the transaction commits), or in `image_data`; with
  /// `limit`, then removes the least recently used images until the total is within it.
  ///
  /// - Returns: The images removed (their files are the caller's to remove once the transaction commits).
  func store(
    _ data: Data, for key: String, in file: (files: SQLiteImageFiles, name: Int)?, stored: Date, limit: Int?
  ) throws(SQLiteError) -> [RemovedImage] {
    var total = try imageTotal()
    var removed: [RemovedImage] = []
    let row = (size: data.count, checksum: ImageChecksum.of(data), file: file?.name)
    // A new URL's row goes in at once; only when one is there already (the unique key says so) is it removed first:
    // a lookup before every insert was a twentieth of one.
    if try !indexImage(key, row, stored: stored) {
      if let replaced = try deleteImage(key) {
        total -= replaced.size
        removed.append(replaced)
      }
      guard try indexImage(key, row, stored: stored) else {
        throw SQLiteError(code: SQLITE_CONSTRAINT, message: "the image's row could not replace the one before it")
      }
    }
    if let file {
      try file.files.write(data, as: file.name)
    } else {
      let bytes = try db.statement(literal: "INSERT OR REPLACE INTO image_data (url, data) VALUES (?, ?)")
      defer { bytes.reset() }
      try bytes.bind(key, at: 1)
      try bytes.step(binding: data, at: 2)
    }
    total += data.count
    while let limit, total > limit, let oldest = try deleteLeastRecentlyUsedImage() {
      total -= oldest.size
      removed.append(oldest)
    }
    try setImageTotal(total)
    return removed
  }

  /// Adds the row of an image under `key`, used last (its key, `used`, the row id SQLite gives: one past the
  /// largest); `false` when the key has one already.
  private func indexImage(
    _ key: String, _ row: (size: Int, checksum: Int, file: Int?), stored: Date
  ) throws(SQLiteError) -> Bool {
    let entry = try db.statement(
      literal: """
        INSERT INTO image_entry (url, size, stored, checksum, file) VALUES (?, ?, ?, ?, ?) ON CONFLICT (url) DO NOTHING
        """)
    defer { entry.reset() }
    try entry.bind(key, at: 1)
    try entry.bind(row.size, at: 2)
    try entry.bind(stored.timeIntervalSinceReferenceDate, at: 3)
    try entry.bind(row.checksum, at: 4)
    if let file = row.file { try entry.bind(file, at: 5) }  // else NULL: `db.statement(literal:)` clears the bindings
    try entry.step()
    return db.changes > 0
  }

  /// Removes the image under `key`, its data and its entry, if there is one; only when its file is `file`, if given.
  ///
  /// - Returns: The image's file, which the caller removes once the removal commits; `nil` for an image in the
  ///   database, or none.
  func removeImage(_ key: String, ifFile file: Int? = nil) throws(SQLiteError) -> Int? {
    let total = try imageTotal()
    guard let removed = try deleteImage(key, ifFile: file) else { return nil }
    try setImageTotal(total - removed.size)
    return removed.file
  }

  /// Deletes the row of the image under `key` (only when its file is `file`, if given), and its data when it is in
  /// the database; the total is the caller's to update. (`DELETE … RETURNING` costs an ephemeral table: a fifth of
  /// an insert more.)
  private func deleteImage(_ key: String, ifFile file: Int? = nil) throws(SQLiteError) -> RemovedImage? {
    let entry = try db.statement(literal: "SELECT rowid, size, file FROM image_entry WHERE url = ?")
    defer { entry.reset() }
    try entry.bind(key, at: 1)
    guard try entry.step() else { return nil }  // every row of `image_data` has one in the index
    let removed = RemovedImage(key: key, size: entry.int(at: 1), file: entry.optionalInt(at: 2))
    if let file, removed.file != file { return nil }  // stored again since: not the image the caller found wrong
    try deleteEntry(rowid: entry.int(at: 0), of: removed)
    return removed
  }

  /// Deletes the row of the image used least recently, and its data when it is in the database.
  private func deleteLeastRecentlyUsedImage() throws(SQLiteError) -> RemovedImage? {
    let oldest = try db.statement(literal: "SELECT used, url, size, file FROM image_entry ORDER BY used LIMIT 1")
    defer { oldest.reset() }
    guard try oldest.step(), let key = oldest.string(at: 1) else { return nil }
    let removed = RemovedImage(key: key, size: oldest.int(at: 2), file: oldest.optionalInt(at: 3))
    try deleteEntry(rowid: oldest.int(at: 0), of: removed)
    return removed
  }

  private func deleteEntry(rowid: Int, of image: RemovedImage) throws(SQLiteError) {
    let delete = try db.statement(literal: "DELETE FROM image_entry WHERE rowid = ?")
    defer { delete.reset() }
    try delete.bind(rowid, at: 1)
    try delete.step()
    if image.file == nil { try deleteImageData(image.key) }
  }

  private func deleteImageData(_ key: String) throws(SQLiteError) {
    let delete = try db.statement(literal: "DELETE FROM image_data WHERE url = ?")
    defer { delete.reset() }
    try delete.bind(key, at: 1)
    try delete.step()
  }

  private func imageTotal() throws(SQLiteError) -> Int {
    let total = try db.statement(literal: "SELECT bytes FROM image_total WHERE id = 1")
    defer { total.reset() }
    return try total.step() ? total.int(at: 0) : 0
  }

  private func setImageTotal(_ bytes: Int) throws(SQLiteError) {
    let total = try db.statement(literal: "UPDATE image_total SET bytes = ? WHERE id = 1")
    defer { total.reset() }
    try total.bind(bytes, at: 1)
    try total.step()
  }
}

extension Statement {
  /// The integer in `column`, or `nil` when it is NULL.
  func optionalInt(at column: Int32) -> Int? { isNull(at: column) ? nil : int(at: column) }
}
