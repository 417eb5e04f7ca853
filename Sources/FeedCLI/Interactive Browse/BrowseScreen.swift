import EssentialFeed
import FeedTerminal
import Foundation

/// Draws a ``BrowseSession`` as a ``ScreenGrid``: a title bar, the rows on screen (a thumbnail drawn with half
/// blocks, the description, the location, the like), and a status line. A pure function of the session's state.
@MainActor
enum BrowseScreen {
  /// Lines per row on screen: three of thumbnail and text, one blank between rows.
  static let rowHeight = 4
  /// The thumbnail's size in cells.
  static let thumbnail = (columns: 10, rows: 3)
  static let keys = "↑↓ PgUp PgDn Home End · Enter detail · l like · / search · t retry · r refresh · q quit"

  /// How many rows fit on a screen `height` lines tall, between the title bar and the status line.
  static func rowsPerScreen(height: Int) -> Int {
    max(1, (height - 2) / rowHeight)
  }

  static func render(_ session: BrowseSession) -> ScreenGrid {
    var grid = ScreenGrid(width: session.columns, height: session.rows)
    switch session.mode {
    case .detail(let detail):
      titleBar(
        &grid, title: detail.text?.description ?? "Image",
        keys: "Esc back · l like · t retry image · r reload comments · q quit")
      drawDetail(detail, session: session, into: &grid)
    case .list, .searching:
      titleBar(&grid, title: session.list.title, keys: keys)
      drawList(session.list, session: session, into: &grid)
    }
    statusLine(session, into: &grid)
    return grid
  }

  private static func titleBar(_ grid: inout ScreenGrid, title: String, keys: String) {
    let bar = Style(foreground: .grey(255), background: Colour(index: 24), bold: true)
    grid.fill(row: 0, column: 0, count: grid.width, style: bar)
    let end = grid.write(" " + title + " ", row: 0, column: 0, style: bar)
    var hints = bar
    hints.bold = false
    grid.write(keys, row: 0, column: end + 2, style: hints)
  }

  private static func drawList(_ list: BrowseList, session: BrowseSession, into grid: inout ScreenGrid) {
    let rows = list.rows
    if rows.isEmpty {
      let message =
        list.view.isLoading ? "Loading…" : list.view.errorMessage.map { "\($0) · r to retry" } ?? "No images."
      grid.write(message, row: 2, column: 2, style: Style(foreground: .dim))
      return
    }
    for slot in 0..<list.rowsPerScreen {
      let position = list.top + slot
      guard let image = list.image(at: position) else { break }
      drawRow(
        image, position: position, selected: position == list.selection, state: list.view.images[position],
        session: session, at: 1 + slot * rowHeight, into: &grid)
    }
  }

  private static func drawRow(
    _ image: FeedImage, position: Int, selected: Bool, state: FeedImageCellViewModel<Thumbnail>?,
    session: BrowseSession, at line: Int, into grid: inout ScreenGrid
  ) {
    if selected {
      for offset in 0..<thumbnail.rows {
        grid.write("▌", row: line + offset, column: 0, style: Style(foreground: .accent))
      }
    }
    drawPicture(state, frame: session.frame, size: thumbnail, at: (line, 2), into: &grid)
    let textColumn = 3 + thumbnail.columns
    let description = image.description ?? "(no description)"
    let number = "\(position + 1). "
    let end = grid.write(number, row: line, column: textColumn, style: Style(foreground: .dim))
    grid.write(
      description, row: line, column: end,
      style: Style(foreground: image.description == nil ? .dim : nil, bold: true, inverse: selected))
    if let location = image.location {
      grid.write(location, row: line + 1, column: textColumn, style: Style(foreground: .dim))
    }
    let like = session.likes.state(of: image.id)
    if like.liked {
      grid.write(
        like.pending ? "♥ liked · pending" : "♥ liked", row: line + 2, column: textColumn,
        style: Style(foreground: .liked))
    }
  }

  /// The image's state in a box: the thumbnail, a moving shimmer while it loads, or the retry offer.
  static func drawPicture(
    _ state: FeedImageCellViewModel<Thumbnail>?, frame: Int, size: (columns: Int, rows: Int), at: (Int, Int),
    into grid: inout ScreenGrid
  ) {
    if let image = state?.image {
      image.draw(into: &grid, row: at.0, column: at.1)
    } else if state?.shouldRetry == true {
      let box = Style(foreground: .warning, background: .grey(40))
      for row in 0..<size.rows { grid.fill(row: at.0 + row, column: at.1, count: size.columns, style: box) }
      grid.write("↻ t retry", row: at.0 + size.rows / 2, column: at.1, limit: size.columns, style: box)
    } else {
      grid.animated = true
      for row in 0..<size.rows {
        for column in 0..<size.columns {
          grid[at.0 + row, at.1 + column] = Cell("░", style: Style(foreground: .grey(shimmer(column + row, frame))))
        }
      }
    }
  }

  /// A band of light moving left to right, one step per frame: a triangle wave twelve cells long.
  static func shimmer(_ offset: Int, _ frame: Int) -> UInt8 {
    let phase = ((offset - frame) % 12 + 12) % 12
    return UInt8(70 + abs(phase - 6) * 25)
  }
}
