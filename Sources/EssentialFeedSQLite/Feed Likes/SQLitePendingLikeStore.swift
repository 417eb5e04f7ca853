import CSQLite
import EssentialFeed
import EssentialFeedCache
import Foundation

/// Pending likes on a shared ``SQLiteDatabase``, in their own table, `pending_like`: one row per image (a unique
/// index on `image_id`), its row id the order it was stored in. Every change is one statement, durable when it
/// returns. No other store's recovery touches the table.
///
/// An actor on the database's executor whose operations never suspend: each is atomic, histories are linearizable.
public actor SQLitePendingLikeStore: PendingLikeActionStore, SQLiteDatabaseStore {
  /// The database the store's tables live in.
  public nonisolated let database: SQLiteDatabase

  /// The database's executor: this store's operations and other stores' on the database never interleave.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { database.unownedExecutor }

  /// Creates the store on `database`.
  ///
  /// - Parameter database: The database, shared with the other stores on it.
  public init(database: SQLiteDatabase) {
    self.database = database
  }

  /// The pending likes' migrations (see ``SQLiteSchema/migrations``).
  static let migrations = [SQLiteMigration(version: 2, identifier: "2 pending likes", sql: tableSQL)]

  /// The pending likes' table: made by its migration, and again by a recovery or a write after it was dropped.
  static let tableSQL = """
    CREATE TABLE IF NOT EXISTS pending_like (
      position INTEGER PRIMARY KEY, image_id BLOB NOT NULL UNIQUE, action_id BLOB NOT NULL,
      kind INTEGER NOT NULL, timestamp REAL NOT NULL);
    CREATE INDEX IF NOT EXISTS pending_like_action ON pending_like (action_id);
    """

  /// Stores `action` as its image's pending action, replacing any older one, in one statement.
  ///
  /// - Parameter action: The action.
  /// - Throws: ``SQLiteError``; nothing changes then.
  public func enqueue(_ action: PendingLikeAction) throws(SQLiteError) {
    try writing("store a pending like in") { db throws(SQLiteError) in
      if try !db.hasPendingLikeTable() { try db.execute(Self.tableSQL) }
      try db.storePendingLike(action)
    }
  }

  /// The pending actions, the oldest timestamp first (ties in the order they were stored).
  ///
  /// - Throws: ``SQLiteError`` when the database cannot be read, or holds a row no action can have.
  public func pendingActions() throws(SQLiteError) -> [PendingLikeAction] {
    try reading("read the pending likes from") { db throws(SQLiteError) -> [PendingLikeAction] in
      guard let db, try db.hasPendingLikeTable() else { return [] }
      let rows = try db.statement(
        "SELECT action_id, image_id, kind, timestamp FROM pending_like ORDER BY timestamp, position")
      defer { rows.reset() }
      var actions: [PendingLikeAction] = []
      while try rows.step() {
        guard let action = rows.pendingLikeAction() else {
          throw SQLiteError(code: SQLITE_CORRUPT, message: "a pending like row that is not an action")
        }
        actions.append(action)
      }
      return actions
    }
  }

  /// Removes `action` if it is still its image's pending action, in one statement.
  ///
  /// - Parameter action: The action the server answered.
  /// - Returns: Whether it was removed.
  /// - Throws: ``SQLiteError``; nothing changes then.
  @discardableResult
  public func removeIfPending(_ action: PendingLikeAction) throws(SQLiteError) -> Bool {
    try writing("remove a pending like from") { db throws(SQLiteError) -> Bool in
      guard try db.hasPendingLikeTable() else { return false }
      let delete = try db.statement("DELETE FROM pending_like WHERE action_id = ?")
      try delete.bind(action.id, at: 1)
      try delete.step()
      return db.changes > 0
    }
  }

  /// Removes each of `actions` still its image's pending action, in one transaction: when it throws, nothing was
  /// removed.
  ///
  /// - Parameter actions: The actions the server answered.
  /// - Returns: The actions removed, in the order of `actions`.
  /// - Throws: ``SQLiteError``; nothing changes then.
  @discardableResult
  public func removeIfPending(_ actions: [PendingLikeAction]) throws(SQLiteError) -> [PendingLikeAction] {
    guard !actions.isEmpty else { return [] }
    return try writing("remove pending likes from") { db throws(SQLiteError) -> [PendingLikeAction] in
      guard try db.hasPendingLikeTable() else { return [] }
      return try db.transaction(immediate: true) { () throws(SQLiteError) -> [PendingLikeAction] in
        var removed: [PendingLikeAction] = []
        for action in actions {
          let delete = try db.statement("DELETE FROM pending_like WHERE action_id = ?")  // cached, reset
          try delete.bind(action.id, at: 1)
          try delete.step()
          if db.changes > 0 { removed.append(action) }
        }
        return removed
      }
    }
  }
}

extension SQLiteConnection {
  /// Stores `action` as its image's pending action, replacing any older one: one statement.
  func storePendingLike(_ action: PendingLikeAction) throws(SQLiteError) {
    let insert = try statement(
      "INSERT OR REPLACE INTO pending_like (image_id, action_id, kind, timestamp) VALUES (?, ?, ?, ?)")
    try insert.bind(action.imageID, at: 1)
    try insert.bind(action.id, at: 2)
    try insert.bind(action.kind == .like ? 1 : 0, at: 3)
    try insert.bind(action.timestamp.timeIntervalSinceReferenceDate, at: 4)
    try insert.step()
  }

  func hasPendingLikeTable() throws(SQLiteError) -> Bool {
    if pendingLikeTableSeen { return true }
    pendingLikeTableSeen =
      try integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'pending_like'") == 1
    return pendingLikeTableSeen
  }
}

extension Statement {
  /// The action in the current row of `SELECT action_id, image_id, kind, timestamp`, or `nil` when no action can
  /// have these values.
  func pendingLikeAction() -> PendingLikeAction? {
    guard let id = uuid(at: 0), let imageID = uuid(at: 1), [0, 1].contains(int(at: 2)) else { return nil }
    return PendingLikeAction(
      id: id, imageID: imageID, kind: int(at: 2) == 1 ? .like : .discard,
      timestamp: Date(timeIntervalSinceReferenceDate: double(at: 3)))
  }
}
