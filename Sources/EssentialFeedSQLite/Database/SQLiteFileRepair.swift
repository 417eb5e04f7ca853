import CSQLite
import Foundation

/// The file work of a repair (``SQLiteDatabase/repair()``): finding damage, salvaging what reads into a new file, and
/// moving it into the damaged file's place with the damaged file set aside. No state: the database decides when.
enum SQLiteFileRepair {
  /// What `PRAGMA quick_check` finds wrong with the file, or the error that stops it; `nil` when it is whole.
  ///
  /// - Throws: A busy or unopenable file's error, or that of a database another program or a newer version wrote.
  static func damage(at path: String) throws(SQLiteError) -> String? {
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
  static func salvage(_ path: String, into rebuilt: String) throws(SQLiteError) -> [String: Int]? {
    do {
      return try SQLiteSalvage.rebuild(from: try SQLiteConnection(path: path), into: rebuilt)
    } catch  where error.isUnreadableFile {
      return nil
    }
  }

  /// Keeps the damaged file (and its log) as `aside`, then moves `rebuilt` into its place in one rename. Where the file
  /// system links files, there is a database at `path` at every instant: a crash leaves the damaged file there or the
  /// rebuilt one, never none (elsewhere the damaged file is renamed aside first).
  static func replace(_ path: String, with rebuilt: String, settingAsideAs aside: String) throws(SQLiteError) {
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
