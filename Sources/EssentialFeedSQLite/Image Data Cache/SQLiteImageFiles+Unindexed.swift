import Foundation

/// Files no row names: what a process killed between a file and its row's commit, or between a removal's commit and
/// the file's removal, leaves. Never counted (the limit counts rows); removed by the next connection's first write.
extension SQLiteImageFiles {
  /// Removes the files no row names (``removeUnindexed(keeping:)``) once per connection, on its first write: a process
  /// that opens the store after one killed mid-write finds none. Call it inside a write transaction.
  func removeUnindexedOnce(_ db: SQLiteConnection) throws(SQLiteError) {
    guard !db.imageFilesChecked else { return }
    removeUnindexed(keeping: try SQLiteImageIndex(db).files())
    db.imageFilesChecked = true
  }

  /// Removes every file of the store no row names (`keeping`), and every temporary file: what a process killed
  /// between a file and its commit, or between a deletion's commit and the file's removal, left. Files of other
  /// names are not the store's, and stay. Run under the write lock: no other writer has a file it has not committed.
  func removeUnindexed(keeping: Set<Int>) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for file in names {
      let parts = file.split(separator: ".", maxSplits: 1)
      guard parts.count == 2, parts[0].utf8.count == 16, ["image", "tmp"].contains(parts[1]),
        let name = UInt64(parts[0], radix: 16).map({ Int(truncatingIfNeeded: $0) })
      else { continue }
      if parts[1] == "tmp" || !keeping.contains(name) { unlink(directory + "/" + file) }
    }
  }
}
