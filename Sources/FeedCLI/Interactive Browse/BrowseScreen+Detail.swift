import EssentialFeed
import FeedTerminal

extension BrowseScreen {
  /// A box of cells.
  struct Box: Hashable, Sendable {
    var columns: Int
    var rows: Int
  }

  /// The detail's picture box on a screen of `columns` × `rows`, in real pixels or half blocks: as large as the
  /// screen allows (three fifths of its width beside the text, every row between the title and the status line).
  static func detailBox(columns: Int, rows: Int) -> Box {
    Box(columns: max(10, (columns - 4) * 3 / 5), rows: max(3, rows - 4))
  }

  static func drawDetail(_ detail: BrowseDetail, session: BrowseSession, into grid: inout ScreenGrid) {
    let box = detail.pictureBox
    drawPicture(detail.picture, frame: session.frame, size: (box.columns, box.rows), at: (2, 2), into: &grid)
    let column = 4 + (detail.picture?.image?.columns ?? box.columns)
    var line = 2
    for text in wrap(detail.text?.description ?? "(no description)", width: grid.width - column - 1) {
      grid.write(text, row: line, column: column, style: Style(bold: true))
      line += 1
    }
    if let location = detail.text?.location {
      grid.write(location, row: line, column: column, style: Style(foreground: .dim))
      line += 1
    }
    let like = session.likes.state(of: detail.image.id)
    if like.liked {
      grid.write(
        like.pending ? "♥ liked · pending" : "♥ liked", row: line, column: column, style: Style(foreground: .liked))
      line += 1
    }
    drawComments(detail, from: line + 1, column: column, into: &grid)
  }

  /// The comments beside the picture, below the text, as many as fit.
  private static func drawComments(_ detail: BrowseDetail, from top: Int, column: Int, into grid: inout ScreenGrid) {
    let last = grid.height - 2
    grid.write("Comments", row: top, column: column, style: Style(bold: true))
    var line = top + 1
    let status: (String, Colour)? =
      if detail.isLoadingComments {
        ("Loading comments…", .dim)
      } else if let error = detail.commentsError {
        ("\(error) · r to retry", .warning)
      } else if detail.comments?.isEmpty == true {
        ("No comments yet.", .dim)
      } else {
        nil
      }
    if let (text, colour) = status {
      grid.write(text, row: line, column: column, style: Style(foreground: colour))
      line += 1
    }
    for comment in detail.comments ?? [] where line <= last {
      grid.write("\(comment.username) · \(comment.date)", row: line, column: column, style: Style(foreground: .accent))
      line += 1
      for text in wrap(comment.message, width: grid.width - column - 3) where line <= last {
        grid.write(text, row: line, column: column + 2)
        line += 1
      }
    }
  }

  /// `text` in lines of at most `width` characters, broken at spaces where it can.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      var word = word
      while word.count > width {
        if !current.isEmpty { lines.append(current) }
        lines.append(String(word.prefix(width)))
        word = String(word.dropFirst(width))
        current = ""
      }
      if current.isEmpty {
        current = word
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = word
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// The last line: where the feed came from, the row selected, the rows the window holds, the pending likes, and
  /// what is loading or failed; the search prompt while typing one.
  static func statusLine(_ session: BrowseSession, into grid: inout ScreenGrid) {
    let row = grid.height - 1
    let bar = Style(foreground: .grey(230), background: .grey(40))
    grid.fill(row: row, column: 0, count: grid.width, style: bar)
    if case .searching(let query) = session.mode {
      grid.write("Search: " + query + "█", row: row, column: 1, style: bar)
      return
    }
    let list = session.list
    var parts = [session.origin ?? "…"]
    if !list.rows.isEmpty { parts.append("item \(list.selection + 1)") }
    parts.append("\(list.rows.count) in window")
    let pending = session.likes.pendingCount
    parts.append("\(pending) pending \(pending == 1 ? "like" : "likes")")
    if list.view.isLoading { parts.append("loading…") }
    if list.view.loadMore.isLoading { parts.append("loading more…") }
    let end = grid.write(parts.joined(separator: " · "), row: row, column: 1, style: bar)
    var warning = bar
    warning.foreground = .warning
    let problem = list.view.errorMessage ?? list.view.loadMore.errorMessage ?? session.likes.message
    if let problem { grid.write("  " + problem, row: row, column: end, style: warning) }
  }
}
