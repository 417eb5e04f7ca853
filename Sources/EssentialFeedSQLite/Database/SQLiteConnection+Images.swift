import CSQLite
import EssentialFeedCache
import Foundation

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
