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
    guard let damage = try Self.damage(at: path) else {
      healed.whole = identity
      return nil
    }
    connection = nil
    let rebuilt = path + ".rebuilding"
    let repair: SQLiteRepair
    if let kept = try Self.salvage(path, into: rebuilt) {
      let aside = path + ".damaged"
      try Self.replace(path, with: rebuilt, settingAsideAs: aside)
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

  /// What `PRAGMA quick_check` finds wrong with the file, or the error that stops it; `nil` when it is whole.
  ///
  /// - Throws: A busy or unopenable file's error, or that of a database another program or a newer version wrote.
  private static func damage(at path: String) throws(SQLiteError) -> String? {
    do throws(SQLiteError) {
      let db = try SQLiteConnection(path: path)
      let check = try db.statement("PRAGMA quick_check(3)")
      defer { check.reset() }
      var problems: [String] = []
      while try check.step() {
        problems += (check.string(at: 0) ?? "").split(separator: "\n").map(String.init).filter { !$0.hasPrefix("***") }
      }
      check.reset()
      guard problems != ["ok"] else { return nil }
      do throws(SQLiteError) {
        _ = try SQLiteSchema.checkedSnapshotVersion(db)
      } catch  where error.leavesDatabaseAsItIs {
        throw error
      } catch {}  // a damaged schema is damage, not another program's database
      return problems.joined(separator: "; ")
    } catch  where error.isUnreadableFile {
      return error.message
    }
  }

  /// Every row the file at `path` still reads, written to a new file at `rebuilt`; `nil` when nothing can be read.
  /// The damaged file's connection is closed when this returns: as the last one, it moves its log into the file.
  private static func salvage(_ path: String, into rebuilt: String) throws(SQLiteError) -> [String: Int]? {
    do {
      return try SQLiteSalvage.rebuild(from: try SQLiteConnection(path: path), into: rebuilt)
    } catch  where error.isUnreadableFile {
      return nil
    }
  }

  /// Keeps the damaged file (and its log) as `aside`, then moves `rebuilt` into its place in one rename: there is a
  /// database at `path` at every instant.
  private static func replace(_ path: String, with rebuilt: String, settingAsideAs aside: String) throws(SQLiteError) {
    for suffix in ["", "-wal", "-shm"] { unlink(aside + suffix) }
    let kept = link(path, aside) == 0 || rename(path, aside) == 0
    guard kept, rename(path + "-wal", aside + "-wal") == 0 || errno == ENOENT else { throw .systemError() }
    unlink(path + "-shm")
    guard rename(rebuilt, path) == 0 else { throw .systemError() }
    let directory = Foundation.open((path as NSString).deletingLastPathComponent, O_RDONLY | O_CLOEXEC)
    guard directory >= 0 else { return }
    fsync(directory)
    Foundation.close(directory)
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
