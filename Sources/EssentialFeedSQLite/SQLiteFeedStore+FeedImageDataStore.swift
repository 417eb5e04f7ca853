import CSQLite
import EssentialFeedCache
import Foundation

/// Image data lives in `image_data`; its index, `image_entry` (each image's size, when it was stored, its last use,
/// indexed by use) and `image_total` (the bytes stored), is kept in the same transactions, so limits cost a lookup,
/// never a scan. A database without the index (made before it, or whose index was lost) has it rebuilt from
/// `image_data` on the next write.
extension SQLiteFeedStore {
  /// Stores `data` for `url`, replacing what was stored for it; with limits, then removes the least recently used
  /// images until the total is within them. One transaction.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL; its whole `absoluteString` is the key.
  /// - Throws: ``SQLiteError`` (code `SQLITE_TOOBIG` when `data` alone exceeds the limit); what was stored before
  ///   is then unchanged.
  public func insert(_ data: Data, for url: URL) throws(SQLiteError) {
    if let imageLimits, data.count > imageLimits.maximumBytes {
      let reason = ImageTooLargeError(size: data.count, limit: imageLimits.maximumBytes)
      throw SQLiteError(
        code: SQLITE_TOOBIG, message: reason.description, operation: "save image data to \(displayPath)")
    }
    let recorded = pendingImageUses.count
    try writing("save image data to") { db throws(SQLiteError) in
      try db.transaction(immediate: true) { () throws(SQLiteError) in
        try prepareImageIndex(db)
        try db.removeImage(url.absoluteString)
        let row = try db.statement("INSERT INTO image_data (url, data) VALUES (?, ?)")
        defer { row.reset() }
        try row.bind(url.absoluteString, at: 1)
        try row.step(binding: data, at: 2)
        try db.indexImage(url.absoluteString, size: data.count, stored: currentDate())
        if let imageLimits {
          try db.evictImages(downTo: imageLimits.maximumBytes)
          Self.returnFreedPages(db)  // in the insert's transaction: a commit of its own costs a quarter of an insert
        }
      }
      if imageLimits != nil { trimLog(db) }
    }
    pendingImageUses.removeFirst(recorded)  // only once committed: a rolled-back write keeps them for the next
  }

  /// Retrieves the data stored for `url`, recording the use; with limits, an expired image is removed and is a miss.
  /// Never creates a database.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The data, or `nil` when nothing is stored for exactly this URL.
  /// - Throws: ``SQLiteError`` when the database cannot be read, or an expired image cannot be removed.
  public func retrieve(dataForURL url: URL) throws(SQLiteError) -> Data? {
    let key = url.absoluteString
    let found = try reading("read image data from") { db throws(SQLiteError) -> (Data, Date?)? in
      guard let db else { return nil }
      let indexed = try db.hasImageIndex()
      let row = try db.statement(
        indexed
          ? "SELECT d.data, e.stored FROM image_data d LEFT JOIN image_entry e ON e.url = d.url WHERE d.url = ?"
          : "SELECT data, NULL FROM image_data WHERE url = ?")
      defer { row.reset() }
      try row.bind(key, at: 1)
      guard try row.step(), let data = row.data(at: 0) else { return nil }
      return (data, row.isNull(at: 1) ? nil : Date(timeIntervalSinceReferenceDate: row.double(at: 1)))
    }
    guard let (data, stored) = found else { return nil }
    if let imageLimits, let stored, imageLimits.hasExpired(storedAt: stored, at: currentDate()) {
      try writing("remove expired image data from") { db throws(SQLiteError) in
        try db.transaction(immediate: true) { () throws(SQLiteError) in try db.removeImage(key) }
        Self.returnFreedPages(db)
      }
      return nil
    }
    pendingImageUses.append(key)
    if pendingImageUses.count >= 1_000 { recordImageUses() }
    return data
  }

  /// Writes the reads recorded so far, so that a long run of reads with no write keeps a bounded list; a database
  /// that cannot be written drops them (the order of use is then less exact, nothing else changes).
  private func recordImageUses() {
    do { try flush() } catch { pendingImageUses = [] }
  }

  /// Saves the order of use that reads recorded since the last write, in one transaction; does nothing when there
  /// are none. The store also saves them when it is released.
  ///
  /// - Throws: ``SQLiteError`` when the database cannot be written; the reads stay pending for the next write.
  public func flush() throws(SQLiteError) {
    guard !pendingImageUses.isEmpty else { return }
    try writing("record image reads in") { db throws(SQLiteError) in
      try db.transaction(immediate: true) { () throws(SQLiteError) in try prepareImageIndex(db) }
    }
    pendingImageUses = []
  }

  /// The bytes of image data stored.
  ///
  /// - Throws: ``SQLiteError`` when the database cannot be read.
  public func storedImageDataSize() throws(SQLiteError) -> Int {
    try reading("measure the image data in") { db throws(SQLiteError) -> Int in
      guard let db else { return 0 }
      guard try db.hasImageIndex() else { return try db.integer("SELECT total(length(data)) FROM image_data") }
      return try db.integer("SELECT bytes FROM image_total WHERE id = 1")
    }
  }

  /// Deletes every image's data, in one transaction.
  ///
  /// - Throws: ``SQLiteError``; what was stored is then unchanged.
  public func deleteAllImageData() throws(SQLiteError) {
    try writing("delete the image data in") { db throws(SQLiteError) in
      try db.transaction(immediate: true) { () throws(SQLiteError) in
        try prepareImageIndex(db)
        try db.execute("DELETE FROM image_data; DELETE FROM image_entry; UPDATE image_total SET bytes = 0;")
      }
      Self.returnFreedPages(db)
    }
    pendingImageUses = []
  }

  /// Creates or rebuilds the index when it is missing, then records the reads made since the last write, in order;
  /// the caller forgets them once its transaction commits.
  private func prepareImageIndex(_ db: SQLiteConnection) throws(SQLiteError) {
    try db.recordImageUses(pendingImageUses, now: currentDate())
  }
}
