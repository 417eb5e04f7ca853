import Foundation

extension SQLiteSalvage {
  /// The row ids of `table` (quoted) the source can still reach, in order, and whether no damage stopped a scan.
  ///
  /// A forward scan stops at a damaged page. A seek further on (one past the last row read, then two, four, … past
  /// it) skips the damaged page when its tree above is whole; a backward scan from there reads the rows between it and
  /// the damage. A damaged page high in the tree (the root) leaves every seek below it failing: its rows are lost.
  func readableRowIDs(of table: String) throws(SQLiteError) -> (rowids: [Int], whole: Bool) {
    let forward = try source.statement("SELECT rowid FROM \(table) NOT INDEXED WHERE rowid >= ? ORDER BY rowid")
    let backward = try source.statement("SELECT rowid FROM \(table) NOT INDEXED WHERE rowid < ? ORDER BY rowid DESC")
    defer { forward.reset() }
    defer { backward.reset() }
    var found: [Int] = []
    var (start, whole) = (Int.min, true)
    while true {
      let (read, damaged) = scan(forward, from: start, while: { _ in true })
      found += read
      guard damaged else { break }
      whole = false
      let last = read.last ?? max(start, 0)
      guard let resume = resumption(after: last, probing: forward) else { break }
      found += scan(backward, from: resume, while: { $0 > last }).rows.reversed()
      start = resume
    }
    return (found, whole)
  }

  /// The rows `statement` steps to from `bound` while `condition` holds, and whether a damaged page stopped it.
  private func scan(
    _ statement: Statement, from bound: Int, while condition: (Int) -> Bool
  ) -> (rows: [Int], damaged: Bool) {
    statement.reset()
    defer { statement.reset() }
    guard (try? statement.bind(bound, at: 1)) != nil else { return ([], true) }
    var rows: [Int] = []
    do {
      while try statement.step() {
        let rowid = statement.int(at: 0)
        guard condition(rowid) else { break }
        rows.append(rowid)
      }
      return (rows, false)
    } catch {
      return (rows, true)
    }
  }

  /// The first bound past `last` from which a forward seek reads without an error: `last` + 1, + 2, + 4, …; `nil`
  /// when none does.
  private func resumption(after last: Int, probing forward: Statement) -> Int? {
    for power in 0..<63 {
      let (bound, overflow) = last.addingReportingOverflow(1 << power)
      if overflow { return nil }
      forward.reset()
      defer { forward.reset() }
      guard (try? forward.bind(bound, at: 1)) != nil else { return nil }
      if (try? forward.step()) != nil { return bound }
    }
    return nil
  }
}
