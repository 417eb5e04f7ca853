/// Draws a ``ScreenGrid`` on an ANSI terminal: the whole screen the first time or after a resize, then only the
/// rows that changed.
public enum ANSIFrame {
  /// Switches to the alternate screen, hides the cursor and turns line wrapping off (a character a terminal draws
  /// wider than expected is then clipped at the edge instead of scrolling the screen).
  public static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
  /// Turns line wrapping back on, shows the cursor and leaves the alternate screen: the terminal shows what it
  /// showed before.
  public static let leave = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

  /// The escape sequences that turn the screen showing `previous` into `grid`, its images included.
  ///
  /// Images are placed where they appear and taken back where they go: kitty's are deleted by id; sixel and iTerm2
  /// pixels live in the cells, so the rows an image leaves are drawn again (blank), and an image whose rows are drawn
  /// again is drawn again after them, in the same write: no frame shows the screen without it.
  ///
  /// - Parameters:
  ///   - grid: The screen to show.
  ///   - previous: What the screen shows now; `nil` (or a different size) redraws everything.
  /// - Returns: The bytes to write, empty when nothing changed.
  public static func frame(_ grid: ScreenGrid, previous: ScreenGrid?) -> String {
    let redraw = previous.map { $0.width != grid.width || $0.height != grid.height } ?? true
    let before = previous?.images ?? []
    let removed = before.filter { !grid.images.contains($0) }
    let cleared = Set(removed.filter(\.image.livesInCells).flatMap(\.rows))
    var output = removed.map(\.erasing).joined() + (redraw ? "\u{1B}[0m\u{1B}[2J" : "")
    var drawn = Set<Int>()
    for row in 0..<grid.height where redraw || cleared.contains(row) || !sameRow(row, grid, previous) {
      output += "\u{1B}[\(row + 1);1H" + line(row, of: grid)
      drawn.insert(row)
    }
    for placement in grid.images
    where redraw || !before.contains(placement)
      || placement.image.livesInCells && placement.rows.contains(where: drawn.contains)
    {
      output += placement.drawing
    }
    return output
  }

  /// The escape sequences that take `grid`'s images off the terminal before the app leaves: kitty's images are
  /// deleted and their data freed (the others go with the alternate screen).
  public static func erase(_ grid: ScreenGrid?) -> String {
    (grid?.images ?? []).map(\.erasing).joined()
  }

  private static func sameRow(_ row: Int, _ grid: ScreenGrid, _ previous: ScreenGrid?) -> Bool {
    guard let previous else { return false }
    return (0..<grid.width).allSatisfy { grid[row, $0] == previous[row, $0] }
  }

  private static func line(_ row: Int, of grid: ScreenGrid) -> String {
    var output = ""
    var style: Style?
    for column in 0..<grid.width {
      let cell = grid[row, column]
      if cell.isContinuation { continue }
      if cell.style != style {
        output += sgr(cell.style)
        style = cell.style
      }
      output.append(cell.character)
    }
    return output + "\u{1B}[0m"
  }

  /// The Select Graphic Rendition sequence for `style`, from the terminal's defaults.
  static func sgr(_ style: Style) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.inverse { codes.append("7") }
    if let foreground = style.foreground { codes.append("38;" + parameters(foreground)) }
    if let background = style.background { codes.append("48;" + parameters(background)) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private static func parameters(_ colour: Colour) -> String {
    switch colour.value {
    case .palette(let index): "5;\(index)"
    case .rgb(let red, let green, let blue): "2;\(red);\(green);\(blue)"
    }
  }
}
