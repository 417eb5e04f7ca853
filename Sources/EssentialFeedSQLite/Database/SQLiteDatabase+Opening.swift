import CSQLite
import Foundation

extension SQLiteDatabase {
  /// An open connection, with the identity of the file it opened, so a file removed or replaced behind the store's
  /// back is noticed.
  struct OpenConnection {
    let db: SQLiteConnection
    let identity: FileIdentity?
    let writable: Bool
    /// Whether the file is known to be in the WAL journal; a read-write connection that found it otherwise asks
    /// again before each write.
    var inWAL = true
  }

  /// The open connection, or `nil` when only reading and there is no database file: reading never creates one.
  ///
  /// A write opens read-write, creating the directory and the file (0600) and the schema. A read opens read-write
  /// too, and falls back to a read-only connection when the database cannot be written.
  func open(forWriting writing: Bool) throws(SQLiteError) -> SQLiteConnection? {
    guard case .file(let path) = location else {
      if let connection { return connection.db }
      let db = try SQLiteConnection(path: ":memory:")
      try SQLiteFileOpener.prepareSchema(db, writable: true)
      connection = OpenConnection(db: db, identity: nil, writable: true)
      return db
    }
    let identity = FileIdentity(path)
    if let connection, connection.identity == identity, connection.writable || !writing { return connection.db }
    connection = nil
    guard writing || identity != nil else { return nil }
    // A FIFO's open waits for its other end forever, a link leads elsewhere: anything but a regular file is an error
    // at once.
    if let identity, !identity.isRegularFile { throw .notRegularFile(path) }
    let opener = SQLiteFileOpener(path: path, busyTimeout: busyTimeout)
    do {
      connection = try opener.openReadWrite()
    } catch  where !writing && error.mayBeReadOnly {
      connection = try opener.openReadOnly(identity: identity)
    }
    return connection?.db
  }

  /// Switches a read-write connection's file to WAL when it was not yet: before each write, until it is.
  func switchToWALIfNeeded() {
    guard let open = connection, open.writable, !open.inWAL else { return }
    connection?.inWAL = SQLiteFileOpener.switchToWAL(open.db)
  }

  /// Deletes a database file the store cannot use, with its WAL and shared-memory files, and forgets the connection.
  func removeUnusableFile() throws(SQLiteError) {
    connection = nil
    guard case .file(let path) = location else { return }
    for file in ["", "-wal", "-shm", "-journal"].map({ path + $0 }) where unlink(file) != 0 && errno != ENOENT {
      throw SQLiteError(code: SQLITE_IOERR, message: String(cString: strerror(errno)))
    }
    // The image files beside it (`SQLiteImageFiles`) have no row left to name them: they go with it.
    SQLiteImageFiles(location, threshold: .max)?.removeUnindexed(keeping: [])
  }
}
