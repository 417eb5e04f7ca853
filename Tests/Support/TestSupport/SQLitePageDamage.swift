import Foundation

/// Zeroes pages of a database file, as a lost sector does: how a test damages one table or index of a store.
public enum SQLitePageDamage {
  /// A page that could not be found or written.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
  }

  /// Zeroes the root page of `object` (a table or an index, by its name in `sqlite_master`) in the database at
  /// `file`, after moving the file's log into it (no connection may be open); returns the page's number.
  @discardableResult
  public static func zeroRootPage(of object: String, in file: URL) throws -> Int {
    let page = try rootPage(of: object, in: file)
    try zeroPage(page, in: file)
    return page
  }

  /// Zeroes the last page of `type` (`leaf`, `overflow`: a row's or a key's, not the root) of the table or index
  /// `object`, after moving the file's log into it; returns the page's number.
  @discardableResult
  public static func zeroLastPage(of object: String, type: String = "leaf", in file: URL) throws -> Int {
    try zeroPage(of: object, type: type, choosing: "max", in: file)
  }

  /// Zeroes the first page of `type` of `object`: for `overflow`, the first page of a chain its next ones follow.
  @discardableResult
  public static func zeroFirstPage(of object: String, type: String = "leaf", in file: URL) throws -> Int {
    try zeroPage(of: object, type: type, choosing: "min", in: file)
  }

  private static func zeroPage(of object: String, type: String, choosing aggregate: String, in file: URL) throws -> Int
  {
    try checkpoint(file)
    let sql = "SELECT \(aggregate)(pageno) FROM dbstat WHERE name = '\(object)' AND pagetype = '\(type)'"
    guard let text = try SQLiteShell.text(sql, in: file), let page = Int(text) else {
      throw Failure(description: "\(object) has no \(type) page in \(file.path(percentEncoded: false))")
    }
    try zeroPage(page, in: file)
    return page
  }

  /// The root page of `object` in the database at `file`.
  public static func rootPage(of object: String, in file: URL) throws -> Int {
    try checkpoint(file)
    guard let text = try SQLiteShell.text("SELECT rootpage FROM sqlite_master WHERE name = '\(object)'", in: file),
      let page = Int(text), page > 0
    else { throw Failure(description: "no \(object) in \(file.path(percentEncoded: false))") }
    return page
  }

  /// Zeroes page `page` (the first is 1) of the database at `file`, whose page size its header says.
  public static func zeroPage(_ page: Int, in file: URL) throws {
    let handle = try FileHandle(forUpdating: file)
    defer { try? handle.close() }
    let header = try handle.read(upToCount: 18) ?? Data()
    guard header.count == 18 else { throw Failure(description: "\(file.path(percentEncoded: false)) has no header") }
    let stored = Int(header[16]) << 8 | Int(header[17])
    let size = stored == 1 ? 65_536 : stored
    try handle.seek(toOffset: UInt64((page - 1) * size))
    try handle.write(contentsOf: Data(count: size))
    try handle.synchronize()
  }

  /// Moves the log of the database at `file` into it, so that a page zeroed in the file is the page read.
  public static func checkpoint(_ file: URL) throws {
    try SQLiteShell.execute("PRAGMA wal_checkpoint(TRUNCATE)", in: file)
  }
}
