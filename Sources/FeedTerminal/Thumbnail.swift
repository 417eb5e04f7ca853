import FeedImages

/// A picture scaled to a box of character cells, drawn with Unicode upper half blocks: each cell shows two pixels,
/// the upper one in the foreground colour, the lower one in the background colour.
public struct Thumbnail: Hashable, Sendable {
  /// Width in cells (and pixels).
  public let columns: Int
  /// Height in cells: twice as many pixel rows.
  public let rows: Int
  /// Red, green and blue of `columns` × `rows * 2` pixels, row by row.
  public let pixels: [UInt8]
  /// How many colours it is drawn with.
  public let depth: ColourDepth
  /// The same picture in real pixels for the terminal's graphics protocol, drawn instead of the half blocks.
  public var image: TerminalImage?
  /// Why there is no picture to show (a photo over the pixel limits: "too large to show"), drawn instead of it.
  public private(set) var notice: String?
  /// Each pixel's colour in `depth`, row by row: matched once, when the thumbnail is made, not at every frame (a
  /// palette match weighs every colour of the palette; a screen redraws its thumbnails on every key).
  private let colours: [Colour]

  /// `picture` scaled to `columns` × `rows` cells, each pixel the average of the picture's pixels it covers.
  public init(_ picture: Picture, columns: Int, rows: Int, depth: ColourDepth = .grey) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    self.depth = depth
    pixels = PixelScaler.scale(picture, width: self.columns, height: self.rows * 2)
    colours = Self.colours(of: pixels, in: depth)
  }

  /// A box of `columns` × `rows` cells that says `notice` instead of showing a picture: for a photo that will never
  /// be shown, however often it loads, so that no retry is offered for it.
  public init(notice: String, columns: Int, rows: Int) {
    (self.columns, self.rows, depth) = (max(1, columns), max(1, rows), .grey)
    pixels = [UInt8](repeating: 40, count: self.columns * self.rows * 6)
    colours = Self.colours(of: pixels, in: depth)
    self.notice = notice
  }

  /// `image` scaled to `columns` × `rows` cells, in greys.
  public init(_ image: Greymap, columns: Int, rows: Int) {
    self.init(Picture(image), columns: columns, rows: rows)
  }

  /// The colour of pixel `x`, `y`, in the thumbnail's depth.
  public func colour(x: Int, y: Int) -> Colour {
    colours[y * columns + x]
  }

  private static func colours(of pixels: [UInt8], in depth: ColourDepth) -> [Colour] {
    stride(from: 0, to: pixels.count - 2, by: 3).map {
      depth.colour(red: pixels[$0], green: pixels[$0 + 1], blue: pixels[$0 + 2])
    }
  }

  /// Draws the thumbnail into `grid` with its top left cell at `row`, `column`: its image over blank cells where it
  /// has one, else half blocks.
  public func draw(into grid: inout ScreenGrid, row: Int, column: Int) {
    if let notice {
      let box = Style(foreground: .dim, background: .grey(40))
      for y in 0..<rows { grid.fill(row: row + y, column: column, count: columns, style: box) }
      let lines = notice.split(separator: " ").reduce(into: [String]()) { lines, word in
        if let last = lines.last, last.count + 1 + word.count <= columns {
          lines[lines.count - 1] = last + " " + word
        } else {
          lines.append(String(word))
        }
      }
      for (offset, line) in lines.prefix(rows).enumerated() {
        grid.write(
          line, row: row + max(0, (rows - lines.count) / 2) + offset, column: column, limit: columns, style: box)
      }
      return
    }
    if let image {
      for y in 0..<image.rows { grid.fill(row: row + y, column: column, count: image.columns, style: .plain) }
      grid.images.append(ImagePlacement(image, row: row, column: column))
      return
    }
    for y in 0..<rows {
      for x in 0..<columns {
        grid[row + y, column + x] = Cell(
          "▀", style: Style(foreground: colour(x: x, y: y * 2), background: colour(x: x, y: y * 2 + 1)))
      }
    }
  }
}
