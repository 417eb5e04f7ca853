import Foundation

extension SQLiteSalvage {
  /// Visits the row ids of `table` (quoted) the source can still reach, one at a time (a list of ten million rows is
  /// never held), and returns whether no damage stopped a scan.
  ///
  /// A forward scan stops at a damaged page. A seek further on (one past the last row read, then two, four, … past
  /// it) skips the damaged page when its tree above is whole; a backward scan from there reads the rows between it and
  /// the damage. A damaged page high in the tree (the root) leaves every seek below it failing: its rows are lost.
  ///
  /// - Throws: What `visit` throws (a write to the new file), never a read error of the damaged file.
  func visitReadableRowIDs(
    of table: String, _ visit: (Int) throws(SQLiteError) -> Void
  ) throws(SQLiteError) -> Bool {
    guard let forward = try? source.statement("SELECT rowid FROM \(table) NOT INDEXED WHERE rowid >= ? ORDER BY rowid"),
      let backward = try? source.statement("SELECT rowid FROM \(table) NOT INDEXED WHERE rowid < ? ORDER BY rowid DESC")
    else { return false }
    defer { forward.reset() }
    defer { backward.reset() }
    var (start, whole) = (Int.min, true)
    while true {
      let (last, damaged) = try scan(forward, from: start, while: { _ in true }, visit)
      guard damaged else { break }
      whole = false
      let read = last ?? max(start, 0)
      guard let resume = resumption(after: read, probing: forward) else { break }
      _ = try scan(backward, from: resume, while: { $0 > read }, visit)
      start = resume
    }
    return whole
  }

  /// Visits the rows `statement` steps to from `bound` while `condition` holds; returns the last one and whether a
  /// damaged page stopped it.
  private func scan(
    _ statement: Statement, from bound: Int, while condition: (Int) -> Bool, _ visit: (Int) throws(SQLiteError) -> Void
  ) throws(SQLiteError) -> (last: Int?, damaged: Bool) {
    statement.reset()
    defer { statement.reset() }
    guard (try? statement.bind(bound, at: 1)) != nil else { return (nil, true) }
    var last: Int?
    while true {
      guard let more = try? statement.step() else { return (last, true) }
      guard more else { return (last, false) }
      let rowid = statement.int(at: 0)
      guard condition(rowid) else { return (last, false) }
      try visit(rowid)
      last = rowid
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
