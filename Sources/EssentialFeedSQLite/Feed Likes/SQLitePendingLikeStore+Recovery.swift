import EssentialFeed
import Foundation

extension SQLitePendingLikeStore: RecoverablePendingLikeActionStore {
  /// Repairs a database file with a damaged page first (``SQLiteDatabase/repair()``: every row still readable kept,
  /// the damaged file set aside), then rebuilds `pending_like` from every row that is still an action, in one
  /// transaction: a table it cannot read (a foreign shape) is dropped and made again. No other table is touched.
  ///
  /// - Returns: The actions kept, the rows dropped, and where a damaged file was set aside; on a whole file whose
  ///   table reads, the actions it holds and nothing changed.
  /// - Throws: ``SQLiteError`` when the database cannot be checked or written; nothing changes then.
  public func recoverPendingActions() throws(SQLiteError) -> PendingLikeRecovery {
    let repair = try database.onSharedExecutor { database throws(SQLiteError) in try database.repair() }
    if let readable = try? pendingActions() {
      return PendingLikeRecovery(kept: readable.count, dropped: 0, setAside: repair?.setAside)
    }
    return try writing("recover the pending likes in") { db throws(SQLiteError) -> PendingLikeRecovery in
      try db.transaction(immediate: true) { () throws(SQLiteError) -> PendingLikeRecovery in
        var (kept, rows) = ([PendingLikeAction](), 0)
        if let select = try? db.statement(
          "SELECT action_id, image_id, kind, timestamp FROM pending_like ORDER BY position")
        {
          defer { select.reset() }
          while try select.step() {  // a read error rolls the whole recovery back: no row unread is dropped
            rows += 1
            if let action = select.pendingLikeAction() { kept.append(action) }
          }
        } else {
          rows = (try? db.integer("SELECT count(*) FROM pending_like")) ?? 0
        }
        try db.execute("DROP TABLE IF EXISTS pending_like")
        try db.execute(Self.tableSQL)
        db.pendingLikeTableSeen = false
        for action in kept { try db.storePendingLike(action) }
        return PendingLikeRecovery(kept: kept.count, dropped: rows - kept.count)
      }
    }
  }
}
