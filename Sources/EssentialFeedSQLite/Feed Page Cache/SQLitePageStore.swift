import CSQLite
import EssentialFeedCache
import Foundation

/// The windowed list on a shared ``SQLiteDatabase``, in its own table, `feed_page`: its `position` is the row id and
/// its `id` has a unique index, so a cursor is found in a lookup and a page is a range scan from it, at the
/// millionth image as at the first.
///
/// An actor on the database's executor whose operations never suspend: each is atomic, histories are linearizable.
public actor SQLitePageStore: FeedPageStore, SQLiteDatabaseStore {
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

  /// The list's migrations (see ``SQLiteSchema/migrations``).
  static let migrations = [SQLiteMigration(version: 2, identifier: "2 the windowed list", sql: tableSQL)]

  /// The list's table: made by its migration, and again by a write after it was dropped.
  static let tableSQL = """
    CREATE TABLE IF NOT EXISTS feed_page (
      position INTEGER PRIMARY KEY, id BLOB NOT NULL UNIQUE, description TEXT, location TEXT, url TEXT NOT NULL);
    """

  private static let pageColumns = "id, description, location, url"

  /// The first `limit` images after the image with `id`, read in one statement.
  ///
  /// - Throws: ``SQLiteError`` when the database cannot be read.
  public func retrievePage(after id: UUID?, limit: Int) throws(SQLiteError) -> [LocalFeedImage] {
    try reading("read a page of the list from") { db throws(SQLiteError) -> [LocalFeedImage] in
      guard let db, limit > 0, try db.hasPageTable() else { return [] }
      guard let id else {
        let rows = try db.statement("SELECT \(Self.pageColumns) FROM feed_page ORDER BY position LIMIT ?")
        try rows.bind(limit, at: 1)
        return try db.images(from: rows)
      }
      let rows = try db.statement(
        """
        SELECT \(Self.pageColumns) FROM feed_page
        WHERE position > (SELECT position FROM feed_page WHERE id = ?) ORDER BY position LIMIT ?
        """)
      try rows.bind(id, at: 1)
      try rows.bind(limit, at: 2)
      return try db.images(from: rows)
    }
  }

  /// The `limit` images just before the image with `id`, read in one statement.
  ///
  /// - Throws: ``SQLiteError`` when the database cannot be read.
  public func retrievePage(before id: UUID, limit: Int) throws(SQLiteError) -> [LocalFeedImage] {
    try reading("read a page of the list from") { db throws(SQLiteError) -> [LocalFeedImage] in
      guard let db, limit > 0, try db.hasPageTable() else { return [] }
      let rows = try db.statement(
        """
        SELECT \(Self.pageColumns) FROM (
          SELECT position, \(Self.pageColumns) FROM feed_page
          WHERE position < (SELECT position FROM feed_page WHERE id = ?) ORDER BY position DESC LIMIT ?)
        ORDER BY position
        """)
      try rows.bind(id, at: 1)
      try rows.bind(limit, at: 2)
      return try db.images(from: rows)
    }
  }

  /// Appends the images whose id the list does not hold, in one transaction.
  ///
  /// - Throws: ``SQLiteError``; nothing is appended then.
  public func appendPage(_ images: [LocalFeedImage]) throws(SQLiteError) -> [LocalFeedImage] {
    try writing("append a page to the list in") { db throws(SQLiteError) -> [LocalFeedImage] in
      try db.transaction(immediate: true) { () throws(SQLiteError) -> [LocalFeedImage] in
        if try !db.hasPageTable() { try db.execute(Self.tableSQL) }
        return try db.appendToPages(images)
      }
    }
  }

  /// Replaces the list in one transaction.
  ///
  /// - Throws: ``SQLiteError``; the list is unchanged then.
  public func replacePages(with images: [LocalFeedImage]) throws(SQLiteError) -> [LocalFeedImage] {
    try writing("replace the list in") { db throws(SQLiteError) -> [LocalFeedImage] in
      try db.transaction(immediate: true) { () throws(SQLiteError) -> [LocalFeedImage] in
        if try !db.hasPageTable() { try db.execute(Self.tableSQL) }
        try db.statement("DELETE FROM feed_page").step()
        return try db.appendToPages(images)
      }
    }
  }

  /// The number of images in the list.
  ///
  /// - Throws: ``SQLiteError`` when the database cannot be read.
  public func pageImageCount() throws(SQLiteError) -> Int {
    try reading("count the list in") { db throws(SQLiteError) -> Int in
      guard let db, try db.hasPageTable() else { return 0 }
      return try db.integer("SELECT count(*) FROM feed_page")
    }
  }

  /// Deletes the list.
  ///
  /// - Throws: ``SQLiteError``; the list is unchanged then.
  public func deletePages() throws(SQLiteError) {
    try writing("delete the list from") { db throws(SQLiteError) in
      guard try db.hasPageTable() else { return }
      try db.statement("DELETE FROM feed_page").step()
    }
  }
}

extension SQLiteConnection {
  /// Whether the database has the list's table: a database made before the windowed list has none, and no list.
  func hasPageTable() throws(SQLiteError) -> Bool {
    if pageTableSeen { return true }
    pageTableSeen = try integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'feed_page'") == 1
    return pageTableSeen
  }

  /// Appends each image whose id the table lacks, after the last position; returns those appended.
  func appendToPages(_ images: [LocalFeedImage]) throws(SQLiteError) -> [LocalFeedImage] {
    let row = try statement("INSERT OR IGNORE INTO feed_page (id, description, location, url) VALUES (?, ?, ?, ?)")
    defer { row.reset() }
    var appended: [LocalFeedImage] = []
    for image in images {
      try row.bind(image.id, at: 1)
      try row.bind(image.description, at: 2)
      try row.bind(image.location, at: 3)
      try row.bind(image.url.absoluteString, at: 4)
      try row.step()
      if changes == 1 { appended.append(image) }
      row.reset()
    }
    return appended
  }
}
