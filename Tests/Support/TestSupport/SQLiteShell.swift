import CSQLite
import Foundation

/// Runs SQL on a database file with no store in between: how a test damages what a store keeps.
public enum SQLiteShell {
  /// A statement SQLite refused.
  public struct Failure: Error {
    /// SQLite's message.
    public let message: String
  }

  /// Runs `sql` (one or more statements) on the database at `file`.
  public static func execute(_ sql: String, in file: URL) throws {
    var db: OpaquePointer?
    defer { sqlite3_close(db) }
    guard sqlite3_open(file.path(percentEncoded: false), &db) == SQLITE_OK,
      sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK
    else { throw Failure(message: String(cString: sqlite3_errmsg(db))) }
  }
}
