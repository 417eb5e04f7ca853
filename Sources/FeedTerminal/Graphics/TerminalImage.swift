import FeedImages
import Foundation
import Synchronization

/// A picture encoded once for a terminal's graphics protocol, to be drawn in a box of cells: the escape sequences
/// that draw it at the cursor, and the ones that take it back. Two images are the same when their ids are: each
/// encode gets a new id, and a cached one keeps its own. kitty's sequences name an image by an id of their own, which
/// each placement chooses (``ImagePlacement/kittyID``): two rows showing one cached image are two kitty images.
public struct TerminalImage: Sendable {
  /// The image's id, unique in the process (kitty's `i`).
  public let id: UInt32
  /// The protocol it is encoded for.
  public let graphics: TerminalGraphics
  /// Width in cells.
  public let columns: Int
  /// Height in cells.
  public let rows: Int
  /// The escape sequences that draw it (sixel, iTerm2), or kitty's base64 payload.
  private let encoded: String
  /// The pixels kitty is sent (`s`, `v`).
  private let sent: (width: Int, height: Int)

  /// The escape sequences that draw it with its top left corner at the cursor, kitty's with the image's own id.
  public var drawing: String { drawing(kittyID: id) }

  /// The escape sequences that draw it at the cursor; kitty's name it `kittyID`.
  public func drawing(kittyID: UInt32) -> String {
    guard graphics == .kitty else { return encoded }
    return KittyGraphics.transmit(
      base64: encoded, width: sent.width, height: sent.height, id: kittyID, columns: columns, rows: rows)
  }

  /// The bytes it keeps: its escape sequences or payload.
  public var cost: Int { encoded.utf8.count }

  /// `picture` scaled to fill `columns` × `rows` cells of `cell` pixels and encoded for `graphics`; `nil` for
  /// ``TerminalGraphics/blocks`` (half blocks are cells, not an image) or when the encoding failed.
  ///
  /// A sixel picture is drawn in stripes ``sixelStripeRows`` cells tall, each with a palette of its own of up to
  /// `colourRegisters` colours (at most 256 a stripe), so a photo shows thousands of colours.
  public init?(
    _ picture: Picture, graphics: TerminalGraphics, columns: Int, rows: Int, cell: CellSize, colourRegisters: Int = 256
  ) {
    let (columns, rows) = (max(1, columns), max(1, rows))
    let (width, height) = (columns * cell.width, rows * cell.height)
    let id = Self.ids.add(1, ordering: .relaxed).newValue
    switch graphics {
    case .kitty:
      // kitty scales into the cells itself: a picture smaller than the box is sent at its own size, never enlarged.
      let (sent, sentHeight) = (min(width, picture.width), min(height, picture.height))
      let rgb = PixelScaler.scale(picture, width: sent, height: sentHeight)
      (encoded, self.sent) = (Data(rgb).base64EncodedString(), (sent, sentHeight))
    case .sixel:
      let stripes = SixelGraphics.encodeStripes(
        rgb: PixelScaler.scale(picture, width: width, height: height), width: width, height: height,
        stripeHeight: Self.sixelStripeRows * cell.height, registers: colourRegisters)
      guard !stripes.isEmpty else { return nil }
      encoded = Self.stacked(stripes)
      self.sent = (width, height)
    case .iterm:
      // iTerm2 scales the file into the cells too: a picture smaller than the box is sent at its own size.
      let (sent, sentHeight) = (min(width, picture.width), min(height, picture.height))
      guard
        let scaled = Picture(
          width: sent, height: sentHeight, pixels: PixelScaler.scale(picture, width: sent, height: sentHeight)),
        let text = ITermGraphics.encode(scaled, columns: columns, rows: rows)
      else { return nil }
      (encoded, self.sent) = (text, (sent, sentHeight))
    case .blocks: return nil
    }
    (self.id, self.graphics, self.columns, self.rows) = (id, graphics, columns, rows)
  }

  /// The escape sequences that take the image off the screen where the cells drawn over it do not: kitty's images
  /// live apart from the text, so they are deleted (and their data freed); sixel and iTerm2 pixels are cells.
  public var erasing: String { erasing(kittyID: id) }

  /// ``erasing`` for the kitty image named `kittyID`.
  public func erasing(kittyID: UInt32) -> String { graphics == .kitty ? KittyGraphics.delete(id: kittyID) : "" }

  /// Whether the terminal keeps the image's pixels in its cells, so writing those cells again erases them.
  public var livesInCells: Bool { graphics != .kitty }

  private static let ids = Atomic<UInt32>(0)

  /// The cell rows of each sixel stripe: 2, about 26 to 40 pixels.
  public static let sixelStripeRows = 1

  /// Sixel stripes drawn one under the other from the cursor: it is saved (`ESC 7`) before the first, and each next
  /// stripe starts ``sixelStripeRows`` rows further down from it (`ESC 8`, `ESC [ n B`), wherever the terminal left
  /// the cursor after the stripe before.
  private static func stacked(_ stripes: [String]) -> String {
    var output = "\u{1B}7"
    for (index, stripe) in stripes.enumerated() {
      if index > 0 { output += "\u{1B}8\u{1B}[\(index * sixelStripeRows)B" }
      output += stripe
    }
    return output
  }
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

  /// The id kitty knows this placement's image by: the image's, its row and its column mixed (never 0), so two rows
  /// showing one cached image are two kitty images and deleting one leaves the other.
  public var kittyID: UInt32 {
    var mixed = UInt64(image.id) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(row) << 32 ^ UInt64(column)
    mixed = (mixed ^ mixed >> 31) &* 0xBF58_476D_1CE4_E5B9
    mixed ^= mixed >> 29
    return UInt32(truncatingIfNeeded: mixed) | 1
  }

  /// Moves the cursor to its corner and draws it.
  var drawing: String { "\u{1B}[\(row + 1);\(column + 1)H" + image.drawing(kittyID: kittyID) }

  /// Takes it off the terminal where drawing cells over it does not (kitty's).
  var erasing: String { image.erasing(kittyID: kittyID) }
}
