import CSQLite

/// A failure reported by SQLite, with its result code and message, or a failure of the store's own checks.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The SQLite result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, …), or `SQLITE_ERROR` for the store's own checks.
  public let code: Int32
  /// SQLite's message for the failure, or the store's.
  public let message: String
  /// What the store was doing.
  public let operation: String

  /// One sentence: what failed, and SQLite's message.
  public var description: String { "SQLite could not \(operation): \(message) (code \(code))." }

  init(code: Int32, message: String, operation: String) {
    self.code = code
    self.message = message
    self.operation = operation
  }

  init(code: Int32, connection: OpaquePointer?, operation: String) {
    let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    self.init(code: code, message: message ?? String(cString: sqlite3_errstr(code)), operation: operation)
  }

  /// Whether the file is not a database (or is damaged beyond reading), so deleting it is the way back.
  var isUnreadableFile: Bool {
    let primary = code & 0xFF
    return primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT
  }
}
