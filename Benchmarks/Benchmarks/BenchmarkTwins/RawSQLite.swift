import EssentialFeed
import Foundation
import RawSQLite

/// Opens (creating) the database at `path` with the store's pragmas (WAL, full sync) and runs `schema`.
private func openDatabase(_ path: String, schema: String) -> OpaquePointer? {
  var db: OpaquePointer?
  sqlite3_open(path, &db)
  sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;", nil, nil, nil)
  sqlite3_exec(db, schema, nil, nil, nil)
  return db
}

/// The raw SQLite baseline: the same schema and pragmas as the store, one transaction of inserts, then a select into
/// plain structs, with prepared statements reused; no EssentialFeed code.
public final class RawSQLiteBaseline {
  private var db: OpaquePointer?
  private var insertRow: OpaquePointer?
  private var selectRows: OpaquePointer?
  private static let transient = unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)

  /// Opens (creating) the database at `path` in WAL mode, with the store's feed schema.
  public init(path: String) {
    db = openDatabase(
      path,
      schema: """
        CREATE TABLE cache (id INTEGER PRIMARY KEY CHECK (id = 1), timestamp REAL NOT NULL);
        CREATE TABLE feed_image (
          position INTEGER PRIMARY KEY, id BLOB NOT NULL, description TEXT, location TEXT, url TEXT NOT NULL);
        """)
    sqlite3_prepare_v2(
      db, "INSERT INTO feed_image (position, id, description, location, url) VALUES (?, ?, ?, ?, ?)", -1,
      &insertRow, nil)
    sqlite3_prepare_v2(
      db, "SELECT id, description, location, url FROM feed_image ORDER BY position", -1, &selectRows, nil)
  }

  deinit {
    sqlite3_finalize(insertRow)
    sqlite3_finalize(selectRows)
    sqlite3_close(db)
  }

  /// `feed` saved in one transaction (replacing the last), then read back in order.
  public func roundTrip(_ feed: [PlainImage]) -> [PlainImage] {
    sqlite3_exec(
      db, "BEGIN IMMEDIATE; DELETE FROM feed_image; INSERT OR REPLACE INTO cache VALUES (1, 0);", nil, nil, nil)
    for (position, image) in feed.enumerated() {
      sqlite3_reset(insertRow)
      sqlite3_bind_int64(insertRow, 1, Int64(position))
      _ = withUnsafeBytes(of: image.id.uuid) { sqlite3_bind_blob(insertRow, 2, $0.baseAddress, 16, Self.transient) }
      bind(image.description, 3)
      bind(image.location, 4)
      bind(image.url.absoluteString, 5)
      sqlite3_step(insertRow)
    }
    sqlite3_exec(db, "COMMIT; BEGIN;", nil, nil, nil)
    var result: [PlainImage] = []
    sqlite3_reset(selectRows)
    while sqlite3_step(selectRows) == SQLITE_ROW {
      guard let blob = sqlite3_column_blob(selectRows, 0), let urlText = text(3), let url = URL(string: urlText) else {
        continue
      }
      let id = UUID(uuid: UnsafeRawPointer(blob).loadUnaligned(as: uuid_t.self))
      result.append(PlainImage(id: id, description: text(1), location: text(2), url: url))
    }
    sqlite3_reset(selectRows)
    sqlite3_exec(db, "COMMIT;", nil, nil, nil)
    return result
  }

  private func bind(_ value: String?, _ index: Int32) {
    guard var value else {
      sqlite3_bind_null(insertRow, index)
      return
    }
    _ = value.withUTF8 { sqlite3_bind_text(insertRow, index, $0.baseAddress, Int32($0.count), Self.transient) }
  }

  private func text(_ column: Int32) -> String? {
    guard let text = sqlite3_column_text(selectRows, column) else { return nil }
    return String(
      decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(selectRows, column))), as: UTF8.self)
  }
}

/// The raw twin of the SQLite pending likes: the same table and statements, prepared once, no EssentialFeed code.
public final class RawPendingLikes {
  private var db: OpaquePointer?
  private var insert: OpaquePointer?
  private var delete: OpaquePointer?
  private static let transient = unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)

  /// Opens (creating) the database at `path` with the store's pending likes schema.
  public init(path: String) {
    db = openDatabase(
      path,
      schema: """
        CREATE TABLE pending_like (
          position INTEGER PRIMARY KEY, image_id BLOB NOT NULL UNIQUE, action_id BLOB NOT NULL,
          kind INTEGER NOT NULL, timestamp REAL NOT NULL);
        CREATE INDEX pending_like_action ON pending_like (action_id);
        """)
    sqlite3_prepare_v2(
      db, "INSERT OR REPLACE INTO pending_like (image_id, action_id, kind, timestamp) VALUES (?, ?, ?, ?)", -1,
      &insert, nil)
    sqlite3_prepare_v2(db, "DELETE FROM pending_like WHERE action_id = ?", -1, &delete, nil)
  }

  deinit {
    sqlite3_finalize(insert)
    sqlite3_finalize(delete)
    sqlite3_close(db)
  }

  /// Inserts `action`, replacing its image's older one.
  public func enqueue(_ action: PendingLikeAction) {
    bind(action.imageID, insert, 1)
    bind(action.id, insert, 2)
    sqlite3_bind_int(insert, 3, action.kind == .like ? 1 : 0)
    sqlite3_bind_double(insert, 4, action.timestamp.timeIntervalSinceReferenceDate)
    sqlite3_step(insert)
    sqlite3_reset(insert)
  }

  /// Deletes the action with `id`, if still there.
  public func remove(_ id: UUID) {
    bind(id, delete, 1)
    sqlite3_step(delete)
    sqlite3_reset(delete)
  }

  /// Deletes the actions with `ids` that are still there, in one transaction.
  public func remove(_ ids: some Sequence<UUID>) {
    sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
    for id in ids { remove(id) }
    sqlite3_exec(db, "COMMIT", nil, nil, nil)
  }

  private func bind(_ uuid: UUID, _ statement: OpaquePointer?, _ index: Int32) {
    _ = withUnsafeBytes(of: uuid.uuid) { sqlite3_bind_blob(statement, index, $0.baseAddress, 16, Self.transient) }
  }
}

/// The raw twin of a page read: the same keyset query on the same database with a prepared statement, rows into
/// plain structs; no EssentialFeed code.
public final class RawPageReader {
  private var db: OpaquePointer?
  private var select: OpaquePointer?

  /// Opens the page store's database at `path`, read-only.
  public init(path: String) {
    sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil)
    sqlite3_prepare_v2(
      db,
      """
      SELECT id, description, location, url FROM feed_page
      WHERE position > (SELECT position FROM feed_page WHERE id = ?) ORDER BY position LIMIT ?
      """, -1, &select, nil)
  }

  deinit {
    sqlite3_finalize(select)
    sqlite3_close(db)
  }

  /// Up to `limit` images after the one with `id`, in order.
  public func page(after id: UUID, limit: Int) -> [PlainImage] {
    sqlite3_reset(select)
    _ = withUnsafeBytes(of: id.uuid) {
      sqlite3_bind_blob(select, 1, $0.baseAddress, 16, unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self))
    }
    sqlite3_bind_int64(select, 2, Int64(limit))
    var page: [PlainImage] = []
    while sqlite3_step(select) == SQLITE_ROW {
      guard let blob = sqlite3_column_blob(select, 0), let url = text(3).flatMap(URL.init(string:)) else { continue }
      page.append(
        PlainImage(
          id: UUID(uuid: UnsafeRawPointer(blob).loadUnaligned(as: uuid_t.self)), description: text(1),
          location: text(2), url: url))
    }
    return page
  }

  private func text(_ column: Int32) -> String? {
    sqlite3_column_text(select, column).map { String(cString: $0) }
  }
}
