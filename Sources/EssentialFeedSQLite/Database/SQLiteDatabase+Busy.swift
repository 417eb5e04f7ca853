import CSQLite

/// A database another process keeps busy costs one busy timeout, not one per operation (SQL-20).
///
/// An operation that gave up waiting for another connection's lock (`SQLITE_BUSY` after ``patience``) makes the
/// following operations of every store on the database try once without waiting, so a run that saves many images
/// beside a process holding the write lock waits once, not once per image. A write that gets through shows the lock
/// is free again: operations then wait as long as before. A read is no such sign: in WAL a read gets through beside a
/// writer.
extension SQLiteDatabase {
  /// Stops waiting for locks after `error`, when it says the database stayed busy.
  func noteBusy(_ error: SQLiteError) {
    guard error.code & 0xFF == SQLITE_BUSY, busyTimeout != 0 else { return }
    busyTimeout = 0
    connection?.db.setBusyTimeout(0)
  }

  /// Waits for locks as long as before, once a write got through.
  func regainPatience() {
    guard busyTimeout != patience else { return }
    busyTimeout = patience
    connection?.db.setBusyTimeout(patience)
  }
}
