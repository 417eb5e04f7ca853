import FeedImages
import Testing

@testable import FeedTerminal

@Suite("Graphics: images placed and cleared as the screen changes")
struct ImageFrameTests {
  @Test("TRM-32 kitty: an image is drawn once where it appears, deleted where it goes, nothing when it stays")
  func kitty() throws {
    let image = try anyImage(.kitty)
    let (placed, moved) = (ImagePlacement(image, row: 1, column: 2), ImagePlacement(image, row: 2, column: 2))
    let shown = grid(with: [placed])
    let first = ANSIFrame.frame(shown, previous: nil)
    #expect(first.hasSuffix("\u{1B}[2;3H" + image.drawing(kittyID: placed.kittyID)))
    #expect(ANSIFrame.frame(shown, previous: shown) == "")
    let gone = ANSIFrame.frame(grid(with: []), previous: shown)
    #expect(gone == KittyGraphics.delete(id: placed.kittyID))
    #expect(ANSIFrame.frame(grid(with: [moved]), previous: shown) == placed.erasing + moved.drawing)
    #expect(ANSIFrame.erase(shown) == placed.erasing)
  }

  @Test("TRM-37 kitty: two rows showing byte-identical photos are two kitty images; one leaving leaves the other")
  func kittySharedImage() throws {
    let image = try anyImage(.kitty)
    let (upper, lower) = (ImagePlacement(image, row: 1, column: 2), ImagePlacement(image, row: 4, column: 2))
    #expect(upper.kittyID != lower.kittyID)
    let both = grid(with: [upper, lower])
    let first = ANSIFrame.frame(both, previous: nil)
    #expect(first.contains(",i=\(upper.kittyID),") && first.contains(",i=\(lower.kittyID),"))
    #expect(ANSIFrame.frame(grid(with: [lower]), previous: both) == KittyGraphics.delete(id: upper.kittyID))
  }

  @Test("TRM-32 sixel: a row drawn again over an image redraws it; rows an image leaves are drawn blank again")
  func sixel() throws {
    let image = try anyImage(.sixel)
    var shown = grid(with: [ImagePlacement(image, row: 1, column: 2)])
    var changed = shown
    changed.write("x", row: 1, column: 10)
    let redrawn = ANSIFrame.frame(changed, previous: shown)
    #expect(redrawn.hasPrefix("\u{1B}[2;1H"))
    #expect(redrawn.hasSuffix("\u{1B}[2;3H" + image.drawing))
    shown = changed
    let gone = ANSIFrame.frame(grid(with: []), previous: shown)
    #expect(gone.contains("\u{1B}[2;1H") && gone.contains("\u{1B}[3;1H"))
    #expect(!gone.contains(image.drawing))
    #expect(ANSIFrame.erase(shown) == "")
  }

  private func anyImage(_ graphics: TerminalGraphics) throws -> TerminalImage {
    let picture = try #require(Picture(width: 2, height: 2, pixels: Array(repeating: 200, count: 12)))
    return try #require(
      TerminalImage(picture, graphics: graphics, columns: 2, rows: 2, cell: CellSize(width: 2, height: 3)))
  }

  private func grid(with images: [ImagePlacement]) -> ScreenGrid {
    var grid = ScreenGrid(width: 20, height: 6)
    grid.images = images
    return grid
  }
}
