import CSQLite
import EssentialFeedCache
import Foundation

/// Image data on a shared ``SQLiteDatabase``: images of 16 KiB or more as files beside a database file
/// (`<database>-images/`, written before their rows commit, removed after), smaller ones in `image_data`; its index,
/// `image_entry` (each image's size, checksum, file, when it was stored, keyed by its last use) and
/// `image_total` (the bytes stored), is kept in the same transactions, so limits cost a lookup, never a scan. A
/// database without the index (made before it, or whose index was lost) has it rebuilt from `image_data`.
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
  /// Reads recorded since the last write, in order: applied to the index with the next write (a read stays a read).
  var pendingImageUses: [String] = []
  /// The files of the images from 16 KiB on; `nil` for a database in memory, which keeps every image.
  let files: SQLiteImageFiles?

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
    self.init(database: database, imageLimits: imageLimits, currentDate: currentDate, fileThreshold: nil)
  }

  /// The store whose images of `fileThreshold` bytes or more are files (tests run every spec with every image a file).
  init(
    database: SQLiteDatabase, imageLimits: ImageCacheLimits?, currentDate: @escaping @Sendable () -> Date,
    fileThreshold: Int?
  ) {
    self.database = database
    self.imageLimits = imageLimits
    self.currentDate = currentDate
    files = SQLiteImageFiles(database.location, threshold: fileThreshold ?? SQLiteImageFiles.threshold)
  }

  /// The image store's migrations (see ``SQLiteSchema/migrations``): the data, then its index, built from the data
  /// a database already holds (each image counted as stored at the upgrade, used in the order of its row).
  static let migrations = [
    SQLiteMigration(
      version: 1, identifier: "1 image data",
      sql: "CREATE TABLE IF NOT EXISTS image_data (url TEXT PRIMARY KEY, data BLOB NOT NULL);"),
    SQLiteMigration(version: 3, identifier: "3 the image index") { db throws(SQLiteError) in
      try SQLiteImageIndex(db).rebuildIfMissing(now: Date())
    },
    SQLiteMigration(version: 4, identifier: "4 image checksums") { db throws(SQLiteError) in
      guard try !db.columns(of: "image_entry").contains("checksum") else { return }  // a new index has it
      try db.execute("ALTER TABLE image_entry ADD COLUMN checksum INTEGER")
    },
    // The files' column, and the order of use as the entries' key (none when the index is lost: the rebuilt one has
    // both, as a new one does).
    SQLiteMigration(version: 5, identifier: "5 image files") { db throws(SQLiteError) in
      try SQLiteImageIndex(db).keyByUse()
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
    let (uses, now, imageLimits, key) = (pendingImageUses, currentDate(), imageLimits, url.absoluteString)
    let file = files.flatMap { data.count >= $0.threshold ? (files: $0, name: SQLiteImageFiles.newName()) : nil }
    let removed: [Int]
    do {
      removed = try writing("save image data to") { [self] db throws(SQLiteError) -> [Int] in
        try boundDiskUse(db)
        let (removed, freesPages) = try db.transaction(immediate: true) { () throws(SQLiteError) -> ([Int], Bool) in
          try SQLiteImageIndex(db).recordUses(uses, now: now)
          try files?.removeUnindexedOnce(db)
          let removed = try SQLiteImageIndex(db).store(
            data, for: key, in: file, stored: now, limit: imageLimits?.maximumBytes)
          // Images' bytes in the database, or many rows, free pages and grow the log; a few rows of the index are
          // reused in place. In the insert's transaction: a commit of its own costs a quarter of an insert.
          let freesPages = file == nil || removed.count > 16 || removed.contains { $0.file == nil }
          if imageLimits != nil, freesPages { Self.returnFreedPages(db) }
          return (removed.compactMap(\.file), freesPages)
        }
        if imageLimits != nil, freesPages { trimLog(db) }
        return removed
      }
    } catch {
      file.map { $0.files.remove([$0.name]) }  // its row never committed
      throw error
    }
    files?.remove(removed)  // once their rows' removal committed
    pendingImageUses.removeFirst(uses.count)  // only once committed: a rolled-back write keeps them for the next
  }

  /// Retrieves the data stored for `url`, recording the use; with limits, an expired image is removed and is a miss;
  /// so is an image whose file is missing. Bytes that no longer match the checksum stored with them (damage SQLite
  /// cannot see, or a file changed) are never returned: a cache (``SQLiteDatabase/Healing/cache``) removes the image,
  /// a miss; another store throws. Never creates a database.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The data, or `nil` when nothing is stored for exactly this URL.
  /// - Throws: ``SQLiteError`` when the database cannot be read, or an expired image cannot be removed.
  public func retrieve(dataForURL url: URL) throws(SQLiteError) -> Data? {
    let key = url.absoluteString
    let found = try reading("read image data from") { db throws(SQLiteError) -> StoredImage? in
      guard let db else { return nil }
      return try StoredImage.find(key, in: db)
    }
    guard let found else { return nil }
    guard let data = try found.data(in: files) else {
      try fileIsMissing(for: url, file: found.file)
      return nil
    }
    let damaged = data.count != found.size || found.checksum.map { $0 != ImageChecksum.of(data) } ?? false
    if damaged, database.healing != .cache { throw .damagedImage(url, at: database.displayPath) }
    if damaged || hasExpired(storedAt: found.stored) {  // a cache drops an image whose bytes changed: it loads again
      try removeImage(key, file: found.file, because: damaged ? "damaged" : "expired")
      return nil
    }
    pendingImageUses.append(key)
    if pendingImageUses.count >= 1_000 { recordImageUses() }
    return data
  }
}
