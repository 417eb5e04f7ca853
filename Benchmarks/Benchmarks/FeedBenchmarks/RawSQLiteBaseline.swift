import Foundation
import RawSQLite

/// The raw SQLite baseline: the same schema and pragmas as the store, one transaction of inserts, then a select into
/// plain structs, with prepared statements reused; no EssentialFeed code.
final class RawSQLiteBaseline {
  private var db: OpaquePointer?
  private var insertRow: OpaquePointer?
  private var selectRows: OpaquePointer?
  private static let transient = unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)

  init(path: String) {
    sqlite3_open(path, &db)
    sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;", nil, nil, nil)
    sqlite3_exec(
      db,
      """
      CREATE TABLE cache (id INTEGER PRIMARY KEY CHECK (id = 1), timestamp REAL NOT NULL);
      CREATE TABLE feed_image (
        position INTEGER PRIMARY KEY, id BLOB NOT NULL, description TEXT, location TEXT, url TEXT NOT NULL);
      """, nil, nil, nil)
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

  func roundTrip(_ feed: [PlainImage]) -> [PlainImage] {
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
