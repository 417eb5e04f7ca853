import FeedImages
import Synchronization

/// A picture encoded once for a terminal's graphics protocol, to be drawn in a box of cells: the escape sequences
/// that draw it at the cursor, and the ones that take it back. Two images are the same when their ids are: each
/// encode gets a new id, and a cached one keeps its own.
public struct TerminalImage: Sendable {
  /// The image's id, unique in the process (kitty's `i`).
  public let id: UInt32
  /// The protocol it is encoded for.
  public let graphics: TerminalGraphics
  /// Width in cells.
  public let columns: Int
  /// Height in cells.
  public let rows: Int
  /// The escape sequences that draw it with its top left corner at the cursor.
  public let drawing: String

  /// `picture` scaled to fill `columns` × `rows` cells of `cell` pixels and encoded for `graphics`; `nil` for
  /// ``TerminalGraphics/blocks`` (half blocks are cells, not an image) or when the encoding failed.
  public init?(_ picture: Picture, graphics: TerminalGraphics, columns: Int, rows: Int, cell: CellSize) {
    let (columns, rows) = (max(1, columns), max(1, rows))
    let (width, height) = (columns * cell.width, rows * cell.height)
    let id = Self.ids.add(1, ordering: .relaxed).newValue
    switch graphics {
    case .kitty:
      // kitty scales into the cells itself: a picture smaller than the box is sent at its own size, never enlarged.
      let (sent, sentHeight) = (min(width, picture.width), min(height, picture.height))
      let rgb = PixelScaler.scale(picture, width: sent, height: sentHeight)
      drawing = KittyGraphics.transmit(rgb: rgb, width: sent, height: sentHeight, id: id, columns: columns, rows: rows)
    case .sixel:
      drawing = SixelGraphics.encode(
        rgb: PixelScaler.scale(picture, width: width, height: height), width: width, height: height)
    case .iterm:
      guard
        let scaled = Picture(
          width: width, height: height, pixels: PixelScaler.scale(picture, width: width, height: height)),
        let text = ITermGraphics.encode(scaled, columns: columns, rows: rows)
      else { return nil }
      drawing = text
    case .blocks: return nil
    }
    (self.id, self.graphics, self.columns, self.rows) = (id, graphics, columns, rows)
  }

  /// The escape sequences that take the image off the screen where the cells drawn over it do not: kitty's images
  /// live apart from the text, so they are deleted (and their data freed); sixel and iTerm2 pixels are cells.
  public var erasing: String { graphics == .kitty ? KittyGraphics.delete(id: id) : "" }

  /// Whether the terminal keeps the image's pixels in its cells, so writing those cells again erases them.
  public var livesInCells: Bool { graphics != .kitty }

  private static let ids = Atomic<UInt32>(0)
}

extension TerminalImage: Hashable {
  /// Whether both are the same encode.
  public static func == (lhs: TerminalImage, rhs: TerminalImage) -> Bool { lhs.id == rhs.id }

  /// Hashes the id.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// An image on the screen: its top left cell.
public struct ImagePlacement: Hashable, Sendable {
  /// The image.
  public let image: TerminalImage
  /// The row of its top left cell.
  public let row: Int
  /// The column of its top left cell.
  public let column: Int

  /// `image` with its top left corner at `row`, `column`.
  public init(_ image: TerminalImage, row: Int, column: Int) {
    (self.image, self.row, self.column) = (image, row, column)
  }

  /// The screen rows it covers.
  public var rows: Range<Int> { row..<(row + image.rows) }

  /// Moves the cursor to its corner and draws it.
  var drawing: String { "\u{1B}[\(row + 1);\(column + 1)H" + image.drawing }
}
