/// A picture scaled to a box of character cells, drawn with Unicode upper half blocks: each cell shows two pixels,
/// the upper one in the foreground colour, the lower one in the background colour.
public struct Thumbnail: Hashable, Sendable {
  /// Width in cells (and pixels).
  public let columns: Int
  /// Height in cells: twice as many pixel rows.
  public let rows: Int
  /// Grey levels, `columns` × `rows * 2`, row by row.
  public let pixels: [UInt8]

  /// `image` scaled to `columns` × `rows` cells, each pixel the average of the picture's pixels it covers.
  public init(_ image: Greymap, columns: Int, rows: Int) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    let (width, height) = (self.columns, self.rows * 2)
    pixels = (0..<(width * height)).map { index in
      let (x, y) = (index % width, index / width)
      let xs = (x * image.width / width)..<max(x * image.width / width + 1, (x + 1) * image.width / width)
      let ys = (y * image.height / height)..<max(y * image.height / height + 1, (y + 1) * image.height / height)
      var sum = 0
      for row in ys { for column in xs { sum += Int(image.pixels[row * image.width + column]) } }
      return UInt8(sum / (xs.count * ys.count))
    }
  }

  /// Draws the thumbnail into `grid` with its top left cell at `row`, `column`.
  public func draw(into grid: inout ScreenGrid, row: Int, column: Int) {
    for y in 0..<rows {
      for x in 0..<columns {
        let upper = pixels[(y * 2) * columns + x]
        let lower = pixels[(y * 2 + 1) * columns + x]
        grid[row + y, column + x] = Cell(
          "▀", style: Style(foreground: .grey(upper), background: .grey(lower)))
      }
    }
  }
}
