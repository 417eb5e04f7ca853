import CSQLite
import Foundation

/// A failure reported by SQLite, with its result code and message, or a failure of the store's own checks.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The SQLite result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, …), or `SQLITE_CORRUPT` for a database that is not in
  /// the store's schema.
  public let code: Int32
  /// SQLite's message for the failure, or the store's.
  public let message: String
  /// What the store was doing, in words: "read the cached feed from /path/feed.sqlite".
  public let operation: String

  /// One sentence: what failed, and why.
  public var description: String { "SQLite could not \(operation): \(message)." }

  init(code: Int32, message: String, operation: String = "") {
    self.code = code
    self.message = message
    self.operation = operation
  }

  init(code: Int32, connection: OpaquePointer?) {
    let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    self.init(code: code, message: message ?? String(cString: sqlite3_errstr(code)))
  }

  /// A database that is not in this store's schema: it did not write it, so deleting the cache may delete it.
  static func foreignSchema(_ reason: String) -> SQLiteError {
    SQLiteError(code: SQLITE_CORRUPT, message: "the database is not in this store's schema (\(reason))")
  }

  /// A database written by a newer version of the store: it is left as it is.
  static func newerSchema(_ version: Int, supported: Int) -> SQLiteError {
    SQLiteError(
      code: SQLITE_FORMAT,
      message:
        "the database was written by a newer version of this store (schema version \(version) is newer than this "
        + "store's \(supported)); it is left as it is")
  }

  /// A database that records a migration this store does not know: a newer version's, left as it is.
  static func unknownMigration(_ identifier: String) -> SQLiteError {
    SQLiteError(
      code: SQLITE_FORMAT,
      message:
        "the database was written by a newer version of this store (it records the migration \"\(identifier)\", "
        + "unknown to this one); it is left as it is")
  }

  /// A database with tables but no schema version: another program's, which the store never changes.
  static func notThisStore(tables: Int) -> SQLiteError {
    SQLiteError(
      code: SQLITE_FORMAT,
      message:
        "the database was not written by this store (\(tables) tables and no schema version); it is left as it is: "
        + "move it away or choose another store location")
  }

  /// A database at a schema version this store never wrote (a negative one, or one of its own without any of its
  /// tables): another program's, which the store never changes.
  static func foreignVersion(_ version: Int) -> SQLiteError {
    SQLiteError(
      code: SQLITE_FORMAT,
      message:
        "the database was not written by this store (schema version \(version), with none of this store's tables); "
        + "it is left as it is: move it away or choose another store location")
  }

  /// An image whose bytes no longer match the checksum stored with them, or whose file is missing (`reason`).
  static func damagedImage(
    _ url: URL, at path: String, reason: String = "the image's bytes do not match their checksum"
  ) -> SQLiteError {
    SQLiteError(
      code: SQLITE_CORRUPT, message: reason,
      operation: "read image data for \(url.absoluteString) from \(path)")
  }

  /// The failure of the last system call on the image file or directory at `path`.
  static func imageFile(_ path: String) -> SQLiteError {
    SQLiteError(code: SQLITE_IOERR, message: "\(path): \(String(cString: strerror(errno)))")
  }

  /// A FIFO, a directory, a device or a symbolic link where the database belongs: never opened.
  static func notRegularFile(_ path: String) -> SQLiteError {
    SQLiteError(
      code: SQLITE_CANTOPEN, message: "\(path) is not a regular file (a FIFO, a directory, a device, a symbolic link)")
  }

  /// Whether the database is another program's, or a newer version's: the store never changes or deletes it, and
  /// ``message`` says what to do instead.
  public var leavesDatabaseAsItIs: Bool { code & 0xFF == SQLITE_FORMAT }

  /// Whether another connection or process held the database past the busy timeout: it is in use, not damaged, and
  /// nothing should be deleted for it.
  public var isBusy: Bool { [SQLITE_BUSY, SQLITE_LOCKED].contains(code & 0xFF) }

  /// This error as the failure of `operation` on the database at `path`.
  func `while`(_ operation: String, at path: String) -> SQLiteError {
    SQLiteError(code: code, message: message, operation: "\(operation) \(path)")
  }

  /// Whether the file is not a database, is damaged beyond reading, or is in another schema, so deleting it is the
  /// way back.
  var isUnreadableFile: Bool {
    let primary = code & 0xFF
    return primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT
  }

  /// Whether the failure may come from a database the process may not write (read-only file, directory or mount),
  /// so a read-only connection may still read it.
  var mayBeReadOnly: Bool {
    [SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM, SQLITE_IOERR, SQLITE_AUTH].contains(code & 0xFF)
  }
}
