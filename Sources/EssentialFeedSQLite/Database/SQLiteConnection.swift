import CSQLite
import Foundation

/// One SQLite connection with its prepared statements, used only from its store's actor.
final class SQLiteConnection {
  private let handle: OpaquePointer
  private var statements: [String: OpaquePointer] = [:]
  /// The statements of ``statement(literal:)``, by the address of their text.
  private var literals: [UnsafeRawPointer: OpaquePointer] = [:]
  /// Set once the list's table is known to exist (the store never drops it), so a page read skips the schema query.
  var pageTableSeen = false
  /// Whether the `pending_like` table is known to exist, so likes skip asking for it.
  var pendingLikeTableSeen = false
  /// Whether the cached feed's tables are known to have the store's columns, so the feed skips checking them.
  var feedTablesVerified = false
  /// Whether the limited image store has set the connection up for bounded disk use.
  var diskUseBounded = false
  /// Whether the image store removed the image files no row names, which it does on the connection's first write.
  var imageFilesChecked = false
  /// The schema version at which the image index was last found whole (see `SQLiteImageIndex.exists()`).
  var imageIndexSchema: Int?

  /// Opens the database at `path` (":memory:" for a private in-memory database, or a `file:` URI), creating it if
  /// needed unless `readOnly`.
  init(path: String, readOnly: Bool = false, busyTimeout: Int32 = SQLiteConnection.busyTimeout) throws(SQLiteError) {
    var handle: OpaquePointer?
    let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    // Never through a symbolic link (SQLite then opens its journals with O_NOFOLLOW too).
    let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_NOFOLLOW
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let error = SQLiteError(code: code, connection: handle)
      sqlite3_close_v2(handle)
      throw error
    }
    self.handle = handle
    sqlite3_extended_result_codes(handle, 1)
    // Another connection (or process) holding the write lock makes this one wait, not fail.
    sqlite3_busy_timeout(handle, busyTimeout)
    self.busyTimeout = busyTimeout
  }

  /// How long a statement waits for another connection's lock by default, in milliseconds.
  static let busyTimeout: Int32 = 10_000

  /// How long a statement of this connection waits for another connection's lock now, in milliseconds.
  private(set) var busyTimeout: Int32

  /// Sets how long a statement waits for another connection's lock, in milliseconds (0: it does not wait).
  func setBusyTimeout(_ milliseconds: Int32) {
    sqlite3_busy_timeout(handle, milliseconds)
    busyTimeout = milliseconds
  }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    for statement in literals.values { sqlite3_finalize(statement) }
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

  /// The prepared statement for the literal `sql`, found by its address rather than by hashing its text (a tenth of
  /// an image insert went to hashing statements' text), prepared once and reset for reuse.
  func statement(literal sql: StaticString) throws(SQLiteError) -> Statement {
    let key = UnsafeRawPointer(sql.utf8Start)
    if let cached = literals[key] {
      sqlite3_reset(cached)
      sqlite3_clear_bindings(cached)
      return Statement(handle: cached, connection: handle)
    }
    var prepared: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, key, Int32(sql.utf8CodeUnitCount), UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
    guard code == SQLITE_OK, let prepared else { throw SQLiteError(code: code, connection: handle) }
    literals[key] = prepared
    return Statement(handle: prepared, connection: handle)
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws. Its `BEGIN` and `COMMIT` are
  /// prepared once, not parsed each time.
  func transaction<T>(immediate: Bool = false, _ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    let begin = try immediate ? statement(literal: "BEGIN IMMEDIATE") : statement(literal: "BEGIN")
    defer { begin.reset() }
    _ = try begin.step()
    do {
      let value = try body()
      let commit = try statement(literal: "COMMIT")
      defer { commit.reset() }
      _ = try commit.step()
      return value
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// The rows the last insert, update or delete changed.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// A single integer from a query such as `PRAGMA user_version`.
  func integer(_ sql: String) throws(SQLiteError) -> Int {
    let statement = try statement(sql)
    defer { statement.reset() }
    guard try statement.step() else { return 0 }
    return statement.int(at: 0)
  }
}
