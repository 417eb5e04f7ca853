import Foundation

/// What the index says of one stored image: where its bytes are, how many, their checksum and when it was stored.
struct StoredImage: Sendable {
  /// Where an image's bytes are.
  enum Bytes: Sendable {
    /// In the database (`image_data`), read with the row.
    case inline(Data)
    /// In the file of this name (``SQLiteImageFiles``).
    case file(Int)
  }

  let bytes: Bytes
  let size: Int
  /// When it was stored; `nil` without an index.
  let stored: Date?
  /// The CRC-32C of its bytes; `nil` for an image stored before checksums, or without an index.
  let checksum: Int?

  /// The file the image is in, if it is in one.
  var file: Int? {
    guard case .file(let name) = bytes else { return nil }
    return name
  }

  /// The image's bytes, read from its file in `files` (none when it is not a file of the image's size), or `nil` when
  /// the file is missing.
  func data(in files: SQLiteImageFiles?) throws(SQLiteError) -> Data? {
    switch bytes {
    case .inline(let data): data
    case .file(let name): try files?.read(name, size: size)
    }
  }

  /// The image stored under `key`, if any: in the database first, then in a file.
  static func find(_ key: String, in db: SQLiteConnection) throws(SQLiteError) -> StoredImage? {
    let indexed = try SQLiteImageIndex(db).exists()
    let row = try db.statement(
      indexed
        ? "SELECT d.data, e.stored, e.checksum FROM image_data d LEFT JOIN image_entry e ON e.url = d.url WHERE d.url = ?"
        : "SELECT data, NULL, NULL FROM image_data WHERE url = ?")
    defer { row.reset() }
    try row.bind(key, at: 1)
    if try row.step(), let data = row.data(at: 0) {
      return StoredImage(
        bytes: .inline(data), size: data.count, stored: row.isNull(at: 1) ? nil : row.date(at: 1),
        checksum: row.isNull(at: 2) ? nil : row.int(at: 2))
    }
    guard indexed else { return nil }
    let entry = try db.statement("SELECT file, size, stored, checksum FROM image_entry WHERE url = ? AND file NOT NULL")
    defer { entry.reset() }
    try entry.bind(key, at: 1)
    guard try entry.step() else { return nil }
    return StoredImage(
      bytes: .file(entry.int(at: 0)), size: entry.int(at: 1), stored: entry.date(at: 2),
      checksum: entry.isNull(at: 3) ? nil : entry.int(at: 3))
  }
}

extension Statement {
  /// The date stored as seconds since the reference date in `column`.
  func date(at column: Int32) -> Date { Date(timeIntervalSinceReferenceDate: double(at: column)) }
}
