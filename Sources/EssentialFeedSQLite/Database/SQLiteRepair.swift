/// What ``SQLiteDatabase/repair()`` did to a damaged database file: rebuilt it from every row still readable, the
/// damaged file set aside beside it, or deleted it when nothing in it could be read.
public struct SQLiteRepair: Hashable, Sendable {
  /// The database file repaired.
  public let path: String
  /// What was damaged, in SQLite's words (the first problem `PRAGMA quick_check` found, or the error that stopped it).
  public let damage: String
  /// The rows kept in the rebuilt file, per table; empty when the file was deleted.
  public let keptRows: [String: Int]
  /// Where the damaged file was set aside (`<path>.damaged`, replacing an older one); `nil` when nothing in it could
  /// be read and it was deleted.
  public let setAside: String?

  /// Creates a report of a repair.
  ///
  /// - Parameters:
  ///   - path: The database file repaired.
  ///   - damage: What was damaged.
  ///   - keptRows: The rows kept, per table.
  ///   - setAside: Where the damaged file was set aside, if it was.
  public init(path: String, damage: String, keptRows: [String: Int], setAside: String?) {
    (self.path, self.damage, self.keptRows, self.setAside) = (path, damage, keptRows, setAside)
  }

  /// Whether nothing in the file could be read, so it was deleted.
  public var deletedFile: Bool { setAside == nil }
}
