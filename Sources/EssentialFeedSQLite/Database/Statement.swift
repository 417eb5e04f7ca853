import CSQLite
import Foundation

/// A prepared statement: bind, step, read columns.
struct Statement {
  let handle: OpaquePointer
  let connection: OpaquePointer

  private static let transient = unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)

  func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_double(handle, index, value))
  }

  func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_int64(handle, index, Int64(value)))
  }

  func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
    guard var text = value else {
      try check(sqlite3_bind_null(handle, index))
      return
    }
    let code = text.withUTF8 { utf8 in
      sqlite3_bind_text(handle, index, utf8.baseAddress, Int32(utf8.count), Self.transient)
    }
    try check(code)
  }

  func bind(_ uuid: UUID, at index: Int32) throws(SQLiteError) {
    let code = withUnsafeBytes(of: uuid.uuid) { bytes in
      sqlite3_bind_blob64(handle, index, bytes.baseAddress, UInt64(bytes.count), Self.transient)
    }
    try check(code)
  }

  func bind(_ data: Data, at index: Int32) throws(SQLiteError) {
    let code = data.withUnsafeBytes { bytes in blobCode(bytes, at: index) }
    try check(code)
  }

  private func blobCode(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
    // A zero-length blob still binds as a blob, not NULL: SQLite needs a non-null pointer for that.
    withUnsafeBytes(of: 0) { empty in
      sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? empty.baseAddress, UInt64(bytes.count), Self.transient)
    }
  }

  /// Steps the statement once with `data` bound at `index` in place (`SQLITE_STATIC`): SQLite reads the bytes during
  /// the step instead of copying them first (an image's 32 KB copy is 7 % of an insert). The statement is reset and
  /// its bindings cleared before this returns, so SQLite keeps no pointer to the bytes.
  func step(binding data: Data, at index: Int32) throws(SQLiteError) {
    guard !data.isEmpty else {  // an empty blob needs a pointer of its own: bound by copy
      try bind(data, at: index)
      try step()
      return
    }
    let result: Result<Void, SQLiteError> = data.withUnsafeBytes { bytes in
      defer {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
      }
      return Result { () throws(SQLiteError) in
        try check(sqlite3_bind_blob64(handle, index, bytes.baseAddress, UInt64(bytes.count), nil))
        try step()
      }
    }
    try result.get()
  }

  /// Steps the statement: `true` when a row is ready, `false` when done.
  @discardableResult
  func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw SQLiteError(code: code, connection: connection)
    }
  }

  /// Ends the statement's current execution, so it holds no read snapshot open.
  func reset() {
    sqlite3_reset(handle)
  }

  func int(at column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
  func double(at column: Int32) -> Double { sqlite3_column_double(handle, column) }
  func isNull(at column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

  func string(at column: Int32) -> String? {
    guard let text = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  func data(at column: Int32) -> Data? {
    guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  private func check(_ code: Int32) throws(SQLiteError) {
    guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection) }
  }
}
