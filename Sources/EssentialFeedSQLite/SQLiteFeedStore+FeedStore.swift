import CSQLite
import EssentialFeedCache
import Foundation

extension SQLiteFeedStore {
  /// Retrieves the cached feed, reading the timestamp and images from one snapshot. Never creates a database.
  ///
  /// - Returns: The cached feed, or `nil` when there is none (or no database file).
  /// - Throws: ``SQLiteError`` when the database cannot be opened or read, including a file that is not a database
  ///   or not in this store's schema.
  public func retrieve() throws(SQLiteError) -> CachedFeed? {
    try reading("read the cached feed from") { db throws(SQLiteError) -> CachedFeed? in
      guard let db else { return nil }
      return try db.transaction { () throws(SQLiteError) -> CachedFeed? in
        guard try db.integer("PRAGMA user_version") > 0 else { return nil }  // an empty database, read-only
        try Self.verifyFeedTables(db)
        let meta = try db.statement("SELECT timestamp FROM cache WHERE id = 1")
        defer { meta.reset() }
        guard try meta.step() else { return nil }
        let timestamp = Date(timeIntervalSinceReferenceDate: meta.double(at: 0))
        return CachedFeed(feed: try db.images(in: "feed_image"), timestamp: timestamp)
      }
    }
  }

  /// Replaces the cached feed with `feed` and `timestamp` in one transaction.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: ``SQLiteError``; the previous cache is then unchanged.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws(SQLiteError) {
    try writing("save the feed to") { db throws(SQLiteError) in
      try db.transaction(immediate: true) { () throws(SQLiteError) in
        try Self.rebuildFeedTablesIfUnusable(db)  // a new feed replaces whatever the unusable tables held
        try db.statement("DELETE FROM feed_image").step()
        let meta = try db.statement("INSERT OR REPLACE INTO cache (id, timestamp) VALUES (1, ?)")
        try meta.bind(timestamp.timeIntervalSinceReferenceDate, at: 1)
        try meta.step()
        try db.insert(feed, into: "feed_image", from: 0)
      }
    }
  }

  /// Replaces the cached feed in one transaction, as ``insert(_:timestamp:)`` does: a crash leaves the old cache or
  /// the new, never none.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: ``SQLiteError``; the previous cache is then unchanged.
  public func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) throws(SQLiteError) {
    try insert(feed, timestamp: timestamp)
  }

  /// Deletes the cached feed; image data, pending likes, the search and the pages are kept. Feed tables the store
  /// cannot read (dropped, altered) are rebuilt, and only they; a file that is not a database at all is deleted, so
  /// the store recovers. No file at all is an empty cache, and nothing is created.
  ///
  /// - Throws: ``SQLiteError`` when the cache cannot be deleted; it is then unchanged. A database written by a newer
  ///   version of the store, or not by this store, is never changed: its error is thrown.
  public func deleteCachedFeed() throws(SQLiteError) {
    do {
      try writing("delete the cached feed from") { db throws(SQLiteError) in
        try db.transaction(immediate: true) { () throws(SQLiteError) in
          try Self.rebuildFeedTablesIfUnusable(db)
          try db.statement("DELETE FROM feed_image").step()
          try db.statement("DELETE FROM cache").step()
        }
      }
    } catch  where error.isUnreadableFile {
      do {
        try removeUnusableFile()
      } catch {
        throw error.while("delete the unusable database", at: displayPath)
      }
    }
  }
}

extension SQLiteConnection {
  /// The images of `table` (`feed_image` or `search_result`), in order.
  func images(in table: String) throws(SQLiteError) -> [LocalFeedImage] {
    try images(from: statement("SELECT id, description, location, url FROM \(table) ORDER BY position"))
  }

  /// The images of the rows `rows` selects as `id, description, location, url`, in the rows' order.
  func images(from rows: Statement) throws(SQLiteError) -> [LocalFeedImage] {
    defer { rows.reset() }
    var images: [LocalFeedImage] = []
    while try rows.step() {
      guard let id = rows.uuid(at: 0), let url = rows.string(at: 3).flatMap(URL.init(string:)) else {
        throw SQLiteError(code: SQLITE_CORRUPT, message: "a cached image has an invalid id or URL")
      }
      images.append(LocalFeedImage(id: id, description: rows.string(at: 1), location: rows.string(at: 2), url: url))
    }
    return images
  }

  /// Inserts `images` into `table`, at positions from `start` on.
  func insert(_ images: [LocalFeedImage], into table: String, from start: Int) throws(SQLiteError) {
    let row = try statement("INSERT INTO \(table) (position, id, description, location, url) VALUES (?, ?, ?, ?, ?)")
    defer { row.reset() }
    for (offset, image) in images.enumerated() {
      try row.bind(start + offset, at: 1)
      try row.bind(image.id, at: 2)
      try row.bind(image.description, at: 3)
      try row.bind(image.location, at: 4)
      try row.bind(image.url.absoluteString, at: 5)
      try row.step()
      row.reset()
    }
  }
}

extension Statement {
  func uuid(at column: Int32) -> UUID? {
    guard sqlite3_column_bytes(handle, column) == 16, let bytes = sqlite3_column_blob(handle, column) else {
      return nil
    }
    return UUID(uuid: UnsafeRawPointer(bytes).loadUnaligned(as: uuid_t.self))
  }
}
