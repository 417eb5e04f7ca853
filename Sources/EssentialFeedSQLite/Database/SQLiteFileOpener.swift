import CSQLite
import Foundation

/// Opens one database file for a ``SQLiteDatabase``: read-write (creating its directory and the file, private to the
/// user, and the schema or its migrations, and asking for the WAL journal), or read-only where it cannot be written.
/// Never follows a link and never waits on a FIFO.
struct SQLiteFileOpener {
  let path: String
  /// How long each operation waits for another connection's lock, in milliseconds.
  let busyTimeout: Int32

  /// Opens the file read-write, creating its directory and the file (0600), and creates or migrates the schema.
  func openReadWrite() throws(SQLiteError) -> SQLiteDatabase.OpenConnection {
    let directory = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw SQLiteError(code: SQLITE_CANTOPEN, message: "its directory \(directory) cannot be created")
    }
    // Created here, not by SQLite, so that it is private to the user: its -wal and -shm files copy its mode.
    // Never waits and never follows: a FIFO or a link put there since the check in `open(forWriting:)` is refused.
    let fd = Foundation.open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o600)
    if fd >= 0 { Foundation.close(fd) }
    if let identity = FileIdentity(path), !identity.isRegularFile { throw .notRegularFile(path) }
    let db = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
    for suffix in ["", "-journal"] { unlink(path + ".rebuilding" + suffix) }  // a killed repair's (SQL-32)
    // The schema first: another program's database is refused before anything (its journal mode included) changes.
    try Self.prepareSchema(db, writable: true)
    // On every read-write open (a no-op once the file is in WAL): another connection reading or writing the file
    // holds a lock the switch needs, and after the busy timeout SQLite leaves the journal as it was. A file still in
    // the rollback journal is as correct, but its readers wait for every writer (two writing processes left a reader
    // one read in ten seconds, SQL-3), so each write asks again until one connection has switched it.
    let inWAL = Self.switchToWAL(db)
    // Deleted rows are still zeroed where their page is written anyway, not freed overflow pages (an evicted image's
    // bytes): Debian's SQLite zeroes every freed page, a tenth of an image insert's instructions.
    try db.execute("PRAGMA synchronous = FULL; PRAGMA secure_delete = FAST")
    return SQLiteDatabase.OpenConnection(db: db, identity: FileIdentity(path), writable: true, inWAL: inWAL)
  }

  /// Asks for the WAL journal; whether the file is in it now. Never throws: BUSY leaves the file as it was.
  static func switchToWAL(_ db: SQLiteConnection) -> Bool {
    guard let statement = try? db.statement("PRAGMA journal_mode = WAL") else { return false }
    defer { statement.reset() }
    guard (try? statement.step()) == true else { return false }
    return statement.string(at: 0)?.lowercased() == "wal"
  }

  /// Opens the file read-only (with no locking where WAL's shared-memory file cannot be created), checking it is a
  /// database this store can read.
  func openReadOnly(identity: FileIdentity?) throws(SQLiteError) -> SQLiteDatabase.OpenConnection {
    var uri = URLComponents()
    uri.scheme = "file"
    uri.path = path
    let base = uri.url?.absoluteString ?? "file:\(path)"
    do {
      let db = try SQLiteConnection(path: base + "?mode=ro", readOnly: true, busyTimeout: busyTimeout)
      try Self.prepareSchema(db, writable: false)
      return SQLiteDatabase.OpenConnection(db: db, identity: identity, writable: false)
    } catch  where error.mayBeReadOnly {
      // WAL needs its -shm file; where it cannot be created, read the file as it is, with no locking.
      let db = try SQLiteConnection(path: base + "?immutable=1", readOnly: true)
      try Self.prepareSchema(db, writable: false)
      return SQLiteDatabase.OpenConnection(db: db, identity: identity, writable: false)
    }
  }

  /// Creates or migrates the schema in a writable database (see ``migrations``); checks a read-only one is a
  /// database this store can read, at this version or an older one (whose missing tables read as empty).
  static func prepareSchema(_ db: SQLiteConnection, writable: Bool) throws(SQLiteError) {
    guard writable else {
      _ = try SQLiteSchema.checkedSnapshotVersion(db)
      return
    }
    if try SQLiteSchema.needsMigration(db) { try SQLiteSchema.migrate(db) }
  }
}

/// A file's device and inode: a different value means a different file, or none. A symbolic link is looked at, not
/// followed.
struct FileIdentity: Equatable {
  let device: UInt64
  let inode: UInt64
  /// Whether it is a regular file: SQLite's open of a FIFO would wait forever, and a link would lead it elsewhere.
  let isRegularFile: Bool

  init?(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
  }
}
