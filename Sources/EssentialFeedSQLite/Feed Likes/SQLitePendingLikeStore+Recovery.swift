import EssentialFeed
import Foundation

extension SQLitePendingLikeStore: RecoverablePendingLikeActionStore {
  /// Rebuilds `pending_like` from every row that is still an action, in one transaction: a table it cannot read (a
  /// foreign shape) is dropped and made again. No other table is touched.
  ///
  /// - Returns: The actions kept and the rows dropped; on a table that reads, the actions it holds and nothing
  ///   changed.
  /// - Throws: ``SQLiteError`` when the database cannot be written; nothing changes then.
  public func recoverPendingActions() throws(SQLiteError) -> PendingLikeRecovery {
    if let readable = try? pendingActions() { return PendingLikeRecovery(kept: readable.count, dropped: 0) }
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
