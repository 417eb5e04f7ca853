import EssentialFeedCache
import Foundation

/// The image store's upkeep: saving the order of use, measuring and clearing the cache.
extension SQLiteImageDataStore {
  /// Writes the reads recorded so far, so that a long run of reads with no write keeps a bounded list; a database
  /// that cannot be written drops them (the order of use is then less exact, nothing else changes).
  func recordImageUses() {
    do { try flush() } catch { pendingImageUses = [] }
  }

  /// Saves the order of use that reads recorded since the last write, in one transaction; does nothing when there
  /// are none. Releasing the store does not save them: call it before.
  ///
  /// - Throws: ``SQLiteError`` when the database cannot be written; the reads stay pending for the next write.
  public func flush() throws(SQLiteError) {
    guard !pendingImageUses.isEmpty else { return }
    let (uses, now) = (pendingImageUses, currentDate())
    try writing("record image reads in") { db throws(SQLiteError) in
      try db.transaction(immediate: true) { () throws(SQLiteError) in
        try SQLiteImageIndex(db).recordUses(uses, now: now)
      }
    }
    pendingImageUses = []
  }

  /// The bytes of image data stored.
  ///
  /// - Throws: ``SQLiteError`` when the database cannot be read.
  public func storedImageDataSize() throws(SQLiteError) -> Int {
    try reading("measure the image data in") { db throws(SQLiteError) -> Int in
      guard let db else { return 0 }
      guard try SQLiteImageIndex(db).exists() else {
        return try db.integer("SELECT total(length(data)) FROM image_data")
      }
      return try db.integer("SELECT bytes FROM image_total WHERE id = 1")
    }
  }

  /// Deletes every image's data, in one transaction, then their files.
  ///
  /// - Throws: ``SQLiteError``; what was stored is then unchanged.
  public func deleteAllImageData() throws(SQLiteError) {
    let (uses, now, files) = (pendingImageUses, currentDate(), files)
    let removed = try writing("delete the image data in") { db throws(SQLiteError) -> Set<Int> in
      let removed = try db.transaction(immediate: true) { () throws(SQLiteError) -> Set<Int> in
        try SQLiteImageIndex(db).recordUses(uses, now: now)
        try files?.removeUnindexedOnce(db)
        let removed = try SQLiteImageIndex(db).files()
        try db.execute("DELETE FROM image_data; DELETE FROM image_entry; UPDATE image_total SET bytes = 0;")
        return removed
      }
      Self.returnFreedPages(db)
      return removed
    }
    files?.remove(Array(removed))  // once their rows' removal committed
    pendingImageUses = []
  }

  /// Whether an image stored at `stored` has expired under the store's limits; never without limits or a date.
  func hasExpired(storedAt stored: Date?) -> Bool {
    guard let imageLimits, let stored else { return false }
    return imageLimits.hasExpired(storedAt: stored, at: currentDate())
  }

  /// A read found no file where the image's row named one: another process removed the image since (its row first),
  /// a miss; or the file is lost while its row names it: a cache removes the row, a miss; another store throws.
  func fileIsMissing(for url: URL, file: Int?) throws(SQLiteError) {
    let key = url.absoluteString
    guard database.healing != .cache else { return try removeImage(key, file: file, because: "missing") }
    let named = try reading("read image data from") { db throws(SQLiteError) -> Int? in
      guard let db else { return nil }
      return try StoredImage.find(key, in: db)?.file
    }
    if named == file { throw .damagedImage(url, at: database.displayPath, reason: "the image's file is missing") }
  }

  /// Removes the image under `key` that a read found unusable, if it is still in `file` (another process may have
  /// stored it again since), then its file.
  func removeImage(_ key: String, file: Int?, because reason: String) throws(SQLiteError) {
    let removed = try writing("remove \(reason) image data from") { db throws(SQLiteError) -> Int? in
      let removed = try db.transaction(immediate: true) { () throws(SQLiteError) -> Int? in
        try SQLiteImageIndex(db).removeImage(key, ifFile: file)
      }
      Self.returnFreedPages(db)
      return removed
    }
    files?.remove(removed.map { [$0] } ?? [])
  }
}
