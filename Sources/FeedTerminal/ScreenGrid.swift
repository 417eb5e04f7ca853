/// How a cell is drawn.
public struct Style: Hashable, Sendable {
  /// The character's colour; the terminal's own when `nil`.
  public var foreground: Colour?
  /// The cell's colour; the terminal's own when `nil`.
  public var background: Colour?
  /// Bold text.
  public var bold = false
  /// Foreground and background swapped.
  public var inverse = false

  /// A style; the terminal's own colours by default.
  public init(foreground: Colour? = nil, background: Colour? = nil, bold: Bool = false, inverse: Bool = false) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.inverse = inverse
  }

  /// The terminal's own colours, nothing else.
  public static let plain = Style()
}

/// One character cell of the screen. A wide character takes its cell and the next, which is then a continuation.
public struct Cell: Hashable, Sendable {
  /// The character shown.
  public var character: Character
  /// How it is drawn.
  public var style: Style
  /// The right half of a wide character: drawn by the cell before it.
  public var isContinuation = false

  /// A cell showing `character`.
  public init(_ character: Character = " ", style: Style = .plain) {
    self.character = character
    self.style = style
  }
}

/// The screen as a value: a grid of cells, written by a render function and compared by tests, drawn by
/// ``ANSIFrame``. Text written to it is clipped to the grid, and control characters (a server's description could
/// hold escape sequences) are shown as `�`, never sent to the terminal.
public struct ScreenGrid: Hashable, Sendable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  private(set) var cells: [Cell]
  /// The images drawn over the cells by a graphics protocol, in the order they are drawn.
  public var images: [ImagePlacement] = []
  /// Whether a cell of it changes from frame to frame (a shimmer while a picture loads): a screen that is not
  /// animated need not be drawn again until something it shows changes.
  public var animated = false

  /// A blank grid of `width` columns and `height` rows (at least 1 × 1).
  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    cells = Array(repeating: Cell(), count: self.width * self.height)
  }

  /// The cell at `row`, `column`; a blank cell outside the grid.
  public subscript(row: Int, column: Int) -> Cell {
    get { contains(row, column) ? cells[row * width + column] : Cell() }
    set { if contains(row, column) { cells[row * width + column] = newValue } }
  }

  private func contains(_ row: Int, _ column: Int) -> Bool {
    (0..<height).contains(row) && (0..<width).contains(column)
  }

  /// Writes `text` at `row`, `column`, clipped to `limit` columns (and to the grid).
  ///
  /// - Returns: The column after the last character written.
  @discardableResult
  public mutating func write(_ text: String, row: Int, column: Int, limit: Int? = nil, style: Style = .plain) -> Int {
    let end = min(width, column + (limit ?? width))
    var at = column
    for character in text {
      let shown = Self.isControl(character) ? "\u{FFFD}" : character
      let columns = Self.columns(of: shown)
      guard at + columns <= end else { break }
      self[row, at] = Cell(shown, style: style)
      if columns == 2 {
        var continuation = Cell(" ", style: style)
        continuation.isContinuation = true
        self[row, at + 1] = continuation
      }
      at += columns
    }
    return at
  }

  /// Paints `count` cells from `row`, `column` with `style`, blank.
  public mutating func fill(row: Int, column: Int, count: Int, style: Style) {
    for at in column..<max(column, column + count) { self[row, at] = Cell(" ", style: style) }
  }

  /// The text of `row`, without styles.
  public func line(_ row: Int) -> String {
    String((0..<width).map { self[row, $0] }.filter { !$0.isContinuation }.map(\.character))
  }

  /// Every row's text, one per line.
  public var text: String { (0..<height).map(line).joined(separator: "\n") }
}
