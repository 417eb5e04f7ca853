import CSQLite
import Foundation

/// One SQLite connection with its prepared statements, used only from its store's actor.
final class SQLiteConnection {
  private let handle: OpaquePointer
  private var statements: [String: OpaquePointer] = [:]

  /// Opens the database at `path` (":memory:" for a private in-memory database, or a `file:` URI), creating it if
  /// needed unless `readOnly`.
  init(path: String, readOnly: Bool = false) throws(SQLiteError) {
    var handle: OpaquePointer?
    let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    let code = sqlite3_open_v2(path, &handle, access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
    guard code == SQLITE_OK, let handle else {
      let error = SQLiteError(code: code, connection: handle)
      sqlite3_close_v2(handle)
      throw error
    }
    self.handle = handle
    sqlite3_extended_result_codes(handle, 1)
    // Another connection (or process) holding the write lock makes this one wait, not fail.
    sqlite3_busy_timeout(handle, 10_000)
  }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// Runs SQL with no parameters and no rows (schema changes, pragmas, transaction control).
  func execute(_ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
  }

  /// The prepared statement for `sql`, prepared once and reset for reuse.
  func statement(_ sql: String) throws(SQLiteError) -> Statement {
    if let cached = statements[sql] {
      sqlite3_reset(cached)
      sqlite3_clear_bindings(cached)
      return Statement(handle: cached, connection: handle)
    }
    var prepared: OpaquePointer?
    let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
    guard code == SQLITE_OK, let prepared else {
      throw SQLiteError(code: code, connection: handle)
    }
    statements[sql] = prepared
    return Statement(handle: prepared, connection: handle)
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  func transaction<T>(immediate: Bool = false, _ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
    do {
      let value = try body()
      try execute("COMMIT")
      return value
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// A single integer from a query such as `PRAGMA user_version`.
  func integer(_ sql: String) throws(SQLiteError) -> Int {
    let statement = try statement(sql)
    defer { statement.reset() }
    guard try statement.step() else { return 0 }
    return statement.int(at: 0)
  }
}

/// A prepared statement: bind, step, read columns.
struct Statement {
  let handle: OpaquePointer
  let connection: OpaquePointer

  private static let transient = unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)

  func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_double(handle, index, value), "bind a value")
  }

  func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_int64(handle, index, Int64(value)), "bind a value")
  }

  func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
    guard var text = value else {
      try check(sqlite3_bind_null(handle, index), "bind a value")
      return
    }
    let code = text.withUTF8 { utf8 in
      sqlite3_bind_text(handle, index, utf8.baseAddress, Int32(utf8.count), Self.transient)
    }
    try check(code, "bind a value")
  }

  func bind(_ uuid: UUID, at index: Int32) throws(SQLiteError) {
    let code = withUnsafeBytes(of: uuid.uuid) { bytes in
      sqlite3_bind_blob64(handle, index, bytes.baseAddress, UInt64(bytes.count), Self.transient)
    }
    try check(code, "bind a value")
  }

  func bind(_ data: Data, at index: Int32) throws(SQLiteError) {
    let code = data.withUnsafeBytes { bytes in blobCode(bytes, at: index) }
    try check(code, "bind a value")
  }

  private func blobCode(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
    // A zero-length blob still binds as a blob, not NULL: SQLite needs a non-null pointer for that.
    withUnsafeBytes(of: 0) { empty in
      sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? empty.baseAddress, UInt64(bytes.count), Self.transient)
    }
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

  private func check(_ code: Int32, _ operation: String) throws(SQLiteError) {
    guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection) }
  }
}
