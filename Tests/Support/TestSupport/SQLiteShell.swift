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

  /// The first column of the first row `sql` gives on the database at `file`, as text (`PRAGMA journal_mode`).
  public static func text(_ sql: String, in file: URL) throws -> String? {
    var db: OpaquePointer?
    defer { sqlite3_close(db) }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_open(file.path(percentEncoded: false), &db) == SQLITE_OK,
      sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK
    else { throw Failure(message: String(cString: sqlite3_errmsg(db))) }
    guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
    return String(cString: text)
  }

  /// Runs `body` while another connection holds a read transaction on the database at `file` (its shared lock, in
  /// the rollback journal), as a second process reading would.
  public static func whileReading<T>(_ file: URL, _ body: () async throws -> T) async throws -> T {
    var db: OpaquePointer?
    defer { sqlite3_close(db) }
    guard sqlite3_open(file.path(percentEncoded: false), &db) == SQLITE_OK,
      sqlite3_exec(db, "BEGIN; SELECT count(*) FROM sqlite_master;", nil, nil, nil) == SQLITE_OK
    else { throw Failure(message: String(cString: sqlite3_errmsg(db))) }
    defer { sqlite3_exec(db, "COMMIT", nil, nil, nil) }
    return try await body()
  }
  /// Runs `body` while another connection holds the write lock on the database at `file` (`BEGIN IMMEDIATE`), as a
  /// second process writing would; `BEGIN EXCLUSIVE` in the rollback journal locks readers out too.
  public static func whileWriting<T>(
    _ file: URL, begin: String = "BEGIN IMMEDIATE", _ body: () async throws -> T
  ) async throws -> T {
    var db: OpaquePointer?
    defer { sqlite3_close(db) }
    guard sqlite3_open(file.path(percentEncoded: false), &db) == SQLITE_OK,
      sqlite3_exec(db, begin, nil, nil, nil) == SQLITE_OK
    else { throw Failure(message: String(cString: sqlite3_errmsg(db))) }
    defer { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) }
    return try await body()
  }
}
