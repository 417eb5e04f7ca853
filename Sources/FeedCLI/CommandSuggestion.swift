/// The subcommand a mistyped word most likely meant: `feed serach kyoto` is a command typed wrong, not an image id.
enum CommandSuggestion {
  /// The subcommand within two edits of `word` (letters added, removed, changed or swapped), the nearest first.
  ///
  /// - Parameters:
  ///   - word: What was typed where a subcommand or an image id goes.
  ///   - commands: The subcommands' names.
  static func nearest(to word: String, in commands: [String]) -> String? {
    let typed = Array(word.lowercased())
    return
      commands
      .map { ($0, distance(typed, Array($0))) }
      .filter { $0.1 <= 2 }
      .min { $0.1 < $1.1 }?.0
  }

  /// The optimal string alignment distance: edits that turn `a` into `b`, a swap of neighbours counting as one.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var rows = [Array(0...b.count)]
    for i in 1...a.count {
      var row = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], rows[i - 2][j - 2] + 1) }
      }
      rows.append(row)
    }
    return rows[a.count][b.count]
  }
}
