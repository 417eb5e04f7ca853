import FeedTerminal

/// How the browse draws pictures on this terminal: the half blocks' colours, the graphics protocol for real pixels,
/// a cell's size in pixels, which sizes those pixels, and the sixel colour registers the terminal holds.
struct BrowsePictureStyle: Hashable, Sendable {
  /// The half blocks' colours.
  var colours: ColourDepth
  /// Real pixels through this protocol, or half blocks.
  var graphics: TerminalGraphics = .blocks
  /// A character cell's size in pixels.
  var cell: CellSize = .usual
  /// The sixel colour registers: what the terminal answered (`TerminalAnswers.colourRegisters`), else 256.
  var colourRegisters = 256

  /// The pixels a box of `columns` × `rows` cells holds: the cell's pixels with a graphics protocol, two a cell
  /// (one wide) with half blocks.
  func pixels(columns: Int, rows: Int) -> (width: Int, height: Int) {
    graphics.drawsPixels ? (columns * cell.width, rows * cell.height) : (columns, rows * 2)
  }
}
