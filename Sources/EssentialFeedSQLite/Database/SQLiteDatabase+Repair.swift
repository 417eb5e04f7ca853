import CSQLite
import Foundation

/// Damaged pages heal, and only what they held is lost (SQL-22 to SQL-28): ``repair()`` finds damage to any page of
/// the file (`PRAGMA quick_check`), rebuilds the file from every row still readable (``SQLiteSalvage``), writes the new
/// file beside it, sets the damaged file aside as `<file>.damaged` and moves the new one into its place; a file in which
/// nothing can be read (not a database, its schema's page lost) is deleted. An operation that meets a damaged page
/// repairs the file the same way, then runs on the rebuilt one: no part stays broken until a command is run.
extension SQLiteDatabase {
  /// When a damaged database file heals.
  public enum Healing: Sendable {
    /// An operation that meets a damaged page repairs the file (nothing readable is lost: the damaged file is set
    /// aside) and runs again; a file in which nothing can be read stays an error until ``SQLiteDatabase/repair()``
    /// (validation) deletes it, so no operation empties a store whose data cannot be downloaded again.
    case standard
    /// As ``standard``, and an operation that meets a file in which nothing can be read deletes it too, then runs on
    /// an empty database: for a cache, which heals itself as OkHttp's `DiskLruCache` does.
    case cache
  }

  /// Checks every page of the database file and, when one is damaged, rebuilds the file from every row still
  /// readable; the damaged file is kept beside it as `<file>.damaged` (replacing an older one), or deleted when nothing
  /// in it can be read. Indexes are rebuilt from the rows, so a damaged index loses nothing.
  ///
  /// - Returns: What was repaired; `nil` when the file is whole, or there is none (or the database is in memory).
  /// - Throws: ``SQLiteError`` when the file cannot be checked or the new one written (nothing changed then), or for a
  ///   database another program or a newer version wrote, which is left as it is.
  @discardableResult
  public func repair() throws(SQLiteError) -> SQLiteRepair? {
    do { return try repairIfDamaged(deletingUnreadable: true) } catch { throw error.while("repair", at: displayPath) }
  }

  /// The repairs made since this database was created, in order: by ``repair()``, and by operations that met damage.
  public func repairsMade() -> [SQLiteRepair] { healed.repairs }

  /// Runs `body`; when it meets a damaged file, repairs the file (see ``Healing``) and runs it again.
  func healingOnce<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    do {
      return try body()
    } catch  where error.isUnreadableFile {
      // A row the store cannot use is SQLITE_CORRUPT too, in a whole file: checked once per file, not per read.
      guard case .file(let path) = location, healed.whole != FileIdentity(path) else { throw error }
      guard (try? repairIfDamaged(deletingUnreadable: healing == .cache)) != nil else { throw error }
      return try body()
    }
  }

  private func repairIfDamaged(deletingUnreadable: Bool) throws(SQLiteError) -> SQLiteRepair? {
    guard case .file(let path) = location, let identity = FileIdentity(path), identity.isRegularFile else { return nil }
    healed.checks += 1
    guard let damage = try SQLiteFileRepair.damage(at: path) else {
      healed.whole = identity
      return nil
    }
    connection = nil
    let rebuilt = path + ".rebuilding"
    let repair: SQLiteRepair
    if let kept = try SQLiteFileRepair.salvage(path, into: rebuilt) {
      let aside = path + ".damaged"
      try SQLiteFileRepair.replace(path, with: rebuilt, settingAsideAs: aside)
      repair = SQLiteRepair(path: path, damage: damage, keptRows: kept, setAside: aside)
    } else if deletingUnreadable {
      try removeUnusableFile()
      repair = SQLiteRepair(path: path, damage: damage, keptRows: [:], setAside: nil)
    } else {
      return nil
    }
    healed.repairs.append(repair)
    return repair
  }
}

extension SQLiteError {
  /// The last system call's failure, as an I/O error.
  static func systemError() -> SQLiteError {
    SQLiteError(code: SQLITE_IOERR, message: String(cString: strerror(errno)))
  }
}

extension SQLiteDatabase {
  /// What healing did so far: the repairs made, in order, and the file last found whole (by its identity), so that a
  /// row the store cannot use, which SQLite reports as corruption too, costs one check per file, not one per read.
  struct Healed {
    var repairs: [SQLiteRepair] = []
    var whole: FileIdentity?
    /// The checks of the whole file run so far.
    var checks = 0
  }
}
