import CSQLite
import EssentialFeedCache
import Foundation

/// A `FeedStore` and `FeedImageDataStore` on the system's SQLite: the step
/// up from a JSON file when a feed outgrows rewriting everything on every save.
///
/// - The schema is created, and migrated by version (`PRAGMA user_version`), on first use.
/// - A file database uses the WAL journal, so readers never block the writer, and a busy timeout, so two store
///   instances or two processes on one file wait for each other instead of failing.
/// - An insert replaces the cached feed in one transaction (delete, then insert), keeping the images' order; a crash
///   leaves the old feed or the new.
/// - Image data has its own table keyed by the URL's whole `absoluteString`.
/// - Statements are prepared once and reused.
/// - Every SQLite failure is a thrown ``SQLiteError`` with SQLite's message, never a crash. A file that is not a
///   database is a retrieval error; deleting the cache deletes that file, and the store is usable again.
///
/// An actor whose operations never suspend: each is atomic, and histories are linearizable; across connections,
/// SQLite's transactions give the same.
public actor SQLiteFeedStore: FeedStore, FeedImageDataStore {
  /// The schema version this store writes; `PRAGMA user_version` records it in the file.
  static let schemaVersion = 1

  private let path: String
  private var connection: SQLiteConnection?

  /// Creates a store on the database file at `storeURL`. The file, and its directory, are created on first use.
  ///
  /// - Parameter storeURL: A file URL.
  public init(storeURL: URL) {
    path = storeURL.path(percentEncoded: false)
  }

  private init(path: String) {
    self.path = path
  }

  /// A store on a private in-memory database, gone with the store: for tests and previews.
  public static func inMemory() -> SQLiteFeedStore {
    SQLiteFeedStore(path: ":memory:")
  }

  // MARK: - FeedStore

  /// Retrieves the cached feed, reading the timestamp and images from one snapshot.
  ///
  /// - Returns: The cached feed, or `nil` when there is none.
  /// - Throws: ``SQLiteError`` when the database cannot be opened or read, including a file that is not a database.
  public func retrieve() throws(SQLiteError) -> CachedFeed? {
    let db = try open()
    return try db.transaction { () throws(SQLiteError) -> CachedFeed? in
      let meta = try db.statement("SELECT timestamp FROM cache WHERE id = 1")
      defer { meta.reset() }
      guard try meta.step() else { return nil }
      let timestamp = Date(timeIntervalSinceReferenceDate: meta.double(at: 0))
      let rows = try db.statement("SELECT id, description, location, url FROM feed_image ORDER BY position")
      defer { rows.reset() }
      var feed: [LocalFeedImage] = []
      while try rows.step() {
        guard let id = rows.uuid(at: 0), let url = rows.string(at: 3).flatMap(URL.init(string:)) else {
          throw SQLiteError(
            code: SQLITE_CORRUPT, message: "a cached image has an invalid id or URL", operation: "read the feed")
        }
        feed.append(LocalFeedImage(id: id, description: rows.string(at: 1), location: rows.string(at: 2), url: url))
      }
      return CachedFeed(feed: feed, timestamp: timestamp)
    }
  }

  /// Replaces the cached feed with `feed` and `timestamp` in one transaction.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: ``SQLiteError``; the previous cache is then unchanged.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws(SQLiteError) {
    let db = try open()
    try db.transaction(immediate: true) { () throws(SQLiteError) in
      try db.statement("DELETE FROM feed_image").step()
      let meta = try db.statement("INSERT OR REPLACE INTO cache (id, timestamp) VALUES (1, ?)")
      try meta.bind(timestamp.timeIntervalSinceReferenceDate, at: 1)
      try meta.step()
      for (position, image) in feed.enumerated() {
        let row = try db.statement(
          "INSERT INTO feed_image (position, id, description, location, url) VALUES (?, ?, ?, ?, ?)")
        try row.bind(position, at: 1)
        let bound: Result<Void, SQLiteError> = withUnsafeBytes(of: image.id.uuid) { bytes in
          Result { () throws(SQLiteError) in try row.bind(bytes, at: 2) }
        }
        try bound.get()
        try row.bind(image.description, at: 3)
        try row.bind(image.location, at: 4)
        try row.bind(image.url.absoluteString, at: 5)
        try row.step()
      }
    }
  }

  /// Deletes the cached feed; image data is kept. A file that is not a database is deleted instead, so the store
  /// recovers.
  ///
  /// - Throws: ``SQLiteError`` when the cache cannot be deleted; it is then unchanged.
  public func deleteCachedFeed() throws(SQLiteError) {
    do {
      let db = try open()
      try db.transaction(immediate: true) { () throws(SQLiteError) in
        try db.statement("DELETE FROM feed_image").step()
        try db.statement("DELETE FROM cache").step()
      }
    } catch  where error.isUnreadableFile && path != ":memory:" {
      try removeUnreadableFile()
    }
  }

  // MARK: - FeedImageDataStore

  /// Stores `data` for `url`, replacing what was stored for it.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL; its whole `absoluteString` is the key.
  /// - Throws: ``SQLiteError``; what was stored before is then unchanged.
  public func insert(_ data: Data, for url: URL) throws(SQLiteError) {
    let db = try open()
    let statement = try db.statement("INSERT OR REPLACE INTO image_data (url, data) VALUES (?, ?)")
    try statement.bind(url.absoluteString, at: 1)
    let bound: Result<Void, SQLiteError> = data.withUnsafeBytes { bytes in
      Result { () throws(SQLiteError) in try statement.bind(bytes, at: 2) }
    }
    try bound.get()
    try statement.step()
  }

  /// Retrieves the data stored for `url`.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The data, or `nil` when nothing is stored for exactly this URL.
  /// - Throws: ``SQLiteError`` when the database cannot be read.
  public func retrieve(dataForURL url: URL) throws(SQLiteError) -> Data? {
    let db = try open()
    let statement = try db.statement("SELECT data FROM image_data WHERE url = ?")
    defer { statement.reset() }
    try statement.bind(url.absoluteString, at: 1)
    guard try statement.step() else { return nil }
    return statement.data(at: 0)
  }

  // MARK: - Connection and schema

  /// The open connection, opening it and creating or migrating the schema on first use.
  private func open() throws(SQLiteError) -> SQLiteConnection {
    if let connection { return connection }
    if path != ":memory:" {
      let directory = (path as NSString).deletingLastPathComponent
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw SQLiteError(
          code: SQLITE_CANTOPEN, message: "\(error.localizedDescription)", operation: "create \(directory)")
      }
    }
    let db = try SQLiteConnection(path: path)
    if path != ":memory:" {
      _ = try db.integer("PRAGMA journal_mode = WAL")
      try db.execute("PRAGMA synchronous = NORMAL")
    }
    try migrate(db)
    connection = db
    return db
  }

  private func migrate(_ db: SQLiteConnection) throws(SQLiteError) {
    try db.transaction(immediate: true) { () throws(SQLiteError) in
      let version = try db.integer("PRAGMA user_version")
      guard version <= Self.schemaVersion else {
        throw SQLiteError(
          code: SQLITE_ERROR, message: "schema version \(version) is newer than this store's \(Self.schemaVersion)",
          operation: "open \(path)")
      }
      if version < 1 {
        try db.execute(
          """
          CREATE TABLE cache (id INTEGER PRIMARY KEY CHECK (id = 1), timestamp REAL NOT NULL);
          CREATE TABLE feed_image (
            position INTEGER PRIMARY KEY, id BLOB NOT NULL, description TEXT, location TEXT, url TEXT NOT NULL);
          CREATE TABLE image_data (url TEXT PRIMARY KEY, data BLOB NOT NULL);
          PRAGMA user_version = 1;
          """)
      }
      // A later schema adds `if version < 2 { … }` here.
    }
  }

  /// Deletes a file that is not a database, with its WAL and shared-memory files, and forgets the connection.
  private func removeUnreadableFile() throws(SQLiteError) {
    connection = nil
    for suffix in ["", "-wal", "-shm", "-journal"] {
      let file = path + suffix
      guard FileManager.default.fileExists(atPath: file) else { continue }
      do {
        try FileManager.default.removeItem(atPath: file)
      } catch {
        throw SQLiteError(code: SQLITE_IOERR, message: error.localizedDescription, operation: "delete \(file)")
      }
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
