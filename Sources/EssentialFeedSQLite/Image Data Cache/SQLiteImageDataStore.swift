import CSQLite
import EssentialFeedCache
import Foundation

/// Image data on a shared ``SQLiteDatabase``, in `image_data`; its index, `image_entry` (each image's size, when it
/// was stored, its last use, indexed by use) and `image_total` (the bytes stored), is kept in the same transactions,
/// so limits cost a lookup, never a scan. A database without the index (made before it, or whose index was lost) has
/// it rebuilt from `image_data` on the next write.
///
/// A read records its use in memory, not with a write; the next write, ``flush()`` or a thousand reads save the
/// uses. Releasing the store does no I/O: uses recorded since the last save are then lost, which only makes the
/// order of eviction less exact (ICL-21, ILP-3); no image and no byte of one is lost. Its owner calls ``flush()``
/// when a command ends or the app goes to the background.
///
/// An actor on the database's executor whose operations never suspend: each is atomic, histories are linearizable.
public actor SQLiteImageDataStore: LimitedFeedImageDataStore, SQLiteDatabaseStore {
  /// The database the store's tables live in.
  public nonisolated let database: SQLiteDatabase
  /// The limits image data is kept within, if any, and the clock their maximum age reads.
  let imageLimits: ImageCacheLimits?
  let currentDate: @Sendable () -> Date
  /// Reads recorded since the last write, in order: applied to the image index with the next write, so a read stays
  /// a read.
  var pendingImageUses: [String] = []

  /// The database's executor: this store's operations and other stores' on the database never interleave.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { database.unownedExecutor }

  /// Creates the image store on `database`.
  ///
  /// - Parameters:
  ///   - database: The database, shared with the other stores on it.
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public init(
    database: SQLiteDatabase, imageLimits: ImageCacheLimits? = nil,
    currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    self.database = database
    self.imageLimits = imageLimits
    self.currentDate = currentDate
  }

  /// The image store's migrations (see ``SQLiteSchema/migrations``): the data, then its index, built from the data
  /// a database already holds (each image counted as stored at the upgrade, used in the order of its row).
  static let migrations = [
    SQLiteMigration(
      version: 1, identifier: "1 image data",
      sql: "CREATE TABLE IF NOT EXISTS image_data (url TEXT PRIMARY KEY, data BLOB NOT NULL);"),
    SQLiteMigration(version: 3, identifier: "3 the image index") { db throws(SQLiteError) in
      try db.rebuildImageIndexIfMissing(now: Date())
    },
    SQLiteMigration(version: 4, identifier: "4 image checksums") { db throws(SQLiteError) in
      guard try !db.columns(of: "image_entry").contains("checksum") else { return }  // a new index has it
      try db.execute("ALTER TABLE image_entry ADD COLUMN checksum INTEGER")
    },
  ]

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
        code: SQLITE_TOOBIG, message: reason.description, operation: "save image data to \(database.displayPath)")
    }
    let (uses, now, imageLimits) = (pendingImageUses, currentDate(), imageLimits)
    try writing("save image data to") { [self] db throws(SQLiteError) in
      try boundDiskUse(db)
      try db.transaction(immediate: true) { () throws(SQLiteError) in
        try db.recordImageUses(uses, now: now)
        try db.removeImage(url.absoluteString)
        let row = try db.statement("INSERT INTO image_data (url, data) VALUES (?, ?)")
        defer { row.reset() }
        try row.bind(url.absoluteString, at: 1)
        try row.step(binding: data, at: 2)
        try db.indexImage(url.absoluteString, size: data.count, checksum: ImageChecksum.of(data), stored: now)
        if let imageLimits {
          try db.evictImages(downTo: imageLimits.maximumBytes)
          Self.returnFreedPages(db)  // in the insert's transaction: a commit of its own costs a quarter of an insert
        }
      }
      if imageLimits != nil { trimLog(db) }
    }
    pendingImageUses.removeFirst(uses.count)  // only once committed: a rolled-back write keeps them for the next
  }

  /// Retrieves the data stored for `url`, recording the use; with limits, an expired image is removed and is a miss.
  /// Bytes that no longer match the checksum stored with them (damage SQLite cannot see: it keeps no checksum) are
  /// never returned: a cache (``SQLiteDatabase/Healing/cache``) removes the image, a miss; another store throws.
  /// Never creates a database.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The data, or `nil` when nothing is stored for exactly this URL.
  /// - Throws: ``SQLiteError`` when the database cannot be read, or an expired image cannot be removed.
  public func retrieve(dataForURL url: URL) throws(SQLiteError) -> Data? {
    let key = url.absoluteString
    let found = try reading("read image data from") { db throws(SQLiteError) -> (Data, Date?, Int?)? in
      guard let db else { return nil }
      let indexed = try db.hasImageIndex()
      let row = try db.statement(
        indexed
          ? "SELECT d.data, e.stored, e.checksum FROM image_data d LEFT JOIN image_entry e ON e.url = d.url WHERE d.url = ?"
          : "SELECT data, NULL, NULL FROM image_data WHERE url = ?")
      defer { row.reset() }
      try row.bind(key, at: 1)
      guard try row.step(), let data = row.data(at: 0) else { return nil }
      let stored = row.isNull(at: 1) ? nil : Date(timeIntervalSinceReferenceDate: row.double(at: 1))
      return (data, stored, row.isNull(at: 2) ? nil : row.int(at: 2))
    }
    guard let (data, stored, checksum) = found else { return nil }
    let damaged = checksum.map { $0 != ImageChecksum.of(data) } ?? false
    if damaged, database.healing != .cache { throw .damagedImage(url, at: database.displayPath) }
    if damaged || hasExpired(storedAt: stored) {  // a cache drops an image whose bytes changed: it loads again
      try writing("remove \(damaged ? "damaged" : "expired") image data from") { db throws(SQLiteError) in
        try db.transaction(immediate: true) { () throws(SQLiteError) in try db.removeImage(key) }
        Self.returnFreedPages(db)
      }
      return nil
    }
    pendingImageUses.append(key)
    if pendingImageUses.count >= 1_000 { recordImageUses() }
    return data
  }
}
