import CSQLite
import Foundation

/// A store with image limits keeps its files within them (ILP-5), not only its count of bytes: the database returns
/// the pages an eviction frees to the file system (`auto_vacuum = INCREMENTAL`, vacuumed in every transaction that
/// removes images), and its write-ahead log is checkpointed once it holds 16 pages and cut back to 64 KiB when it
/// starts again (`wal_autocheckpoint`, `journal_size_limit`), or to nothing after a write that grew it past 256 KiB
/// (``trimLog(_:)``), so neither file keeps the bytes of images it evicted.
/// Before, a cache limited to 1 MiB took 5.4 MB after 3 MiB of 32 KiB images: the log grew to SQLite's default
/// checkpoint of 1,000 pages, and freed pages stayed in the database. The cost: about 10 % more instructions an insert.
extension SQLiteImageDataStore {
  /// The most bytes a write-ahead log keeps once checkpointed.
  static let logSizeLimit = 64 << 10

  /// Sets the connection up for bounded disk use, once per connection, when the store has limits: the log is
  /// checkpointed early and cut back. The file returns freed pages only when it vacuums incrementally, which every
  /// file this package creates does (see `SQLiteSchema.migrate`); one an older version made keeps the pages it freed.
  nonisolated func boundDiskUse(_ db: SQLiteConnection) throws(SQLiteError) {
    guard imageLimits != nil, !db.diskUseBounded else { return }
    try db.execute("PRAGMA wal_autocheckpoint = 16; PRAGMA journal_size_limit = \(Self.logSizeLimit)")
    db.diskUseBounded = true
  }

  /// Cuts the write-ahead log back to nothing once a write has grown it past four times ``logSizeLimit`` (one
  /// eviction of many images writes every page it moves): SQLite cuts it back only when the next write starts again.
  /// Never waits: when another connection still reads from the log, the next write cuts it.
  nonisolated func trimLog(_ db: SQLiteConnection) {
    var info = stat()
    guard case .file(let path) = database.location, stat(path + "-wal", &info) == 0,
      Int(info.st_size) > 4 * Self.logSizeLimit
    else { return }
    let patience = db.busyTimeout
    db.setBusyTimeout(0)
    _ = try? db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.setBusyTimeout(patience)
  }

  /// Returns the pages that removals freed to the file system; nothing without free pages, or in a database that does
  /// not vacuum incrementally. It never throws: run after a removal's transaction (its own), a full disk or an I/O
  /// error here never fails the removal; run inside an insert's, such an error fails the commit as the insert's own
  /// writes would.
  static func returnFreedPages(_ db: SQLiteConnection) {
    guard let free = try? db.statement(literal: "PRAGMA freelist_count") else { return }
    defer { free.reset() }
    guard (try? free.step()) == true, free.int(at: 0) > 0 else { return }
    free.reset()
    _ = try? db.execute("PRAGMA incremental_vacuum")
  }
}
