import EssentialFeedCache
import Foundation

extension SQLiteFeedStore {
  /// Stores `data` for `url`, replacing what was stored for it.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL; its whole `absoluteString` is the key.
  /// - Throws: ``SQLiteError``; what was stored before is then unchanged.
  public func insert(_ data: Data, for url: URL) throws(SQLiteError) {
    try writing("save image data to") { db throws(SQLiteError) in
      let statement = try db.statement("INSERT OR REPLACE INTO image_data (url, data) VALUES (?, ?)")
      defer { statement.reset() }
      try statement.bind(url.absoluteString, at: 1)
      try statement.bind(data, at: 2)
      try statement.step()
    }
  }

  /// Retrieves the data stored for `url`. Never creates a database.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The data, or `nil` when nothing is stored for exactly this URL.
  /// - Throws: ``SQLiteError`` when the database cannot be read.
  public func retrieve(dataForURL url: URL) throws(SQLiteError) -> Data? {
    try reading("read image data from") { db throws(SQLiteError) -> Data? in
      guard let db else { return nil }
      let statement = try db.statement("SELECT data FROM image_data WHERE url = ?")
      defer { statement.reset() }
      try statement.bind(url.absoluteString, at: 1)
      guard try statement.step() else { return nil }
      return statement.data(at: 0)
    }
  }
}
