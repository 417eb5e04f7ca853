import FeedImages
import FeedTerminal
import Foundation
import Testing

@testable import FeedCLI

@Suite("Graphics: pictures sized from the cell's pixels, encoded once per size")
@MainActor
struct PictureEncodingTests {
  @Test("TRM-33 a row's thumbnail fills its box in the cell's pixels: 10 × 3 cells of 8 × 16 are 80 × 48 pixels")
  func rowSize() throws {
    let style = BrowsePictureStyle(colours: .trueColour, graphics: .kitty, cell: CellSize(width: 8, height: 16))
    let thumbnail = try #require(ThumbnailDecoder.decode(try photo(), size: (10, 3), style: style))
    let image = try #require(thumbnail.image)
    #expect(image.columns == 10 && image.rows == 3)
    #expect(image.drawing.hasPrefix("\u{1B}_Ga=T,f=24,s=80,v=48,i=\(image.id),c=10,r=3,C=1,q=2"))
    let blocks = BrowsePictureStyle(colours: .trueColour, graphics: .blocks, cell: .usual)
    #expect(try #require(ThumbnailDecoder.decode(try photo(), size: (10, 3), style: blocks)).image == nil)
  }

  @Test("TRM-33 the detail's picture is as large as its box allows, its shape kept: 200 × 100 in 40 × 20 cells")
  func detailFits() throws {
    let style = BrowsePictureStyle(colours: .trueColour, graphics: .sixel, cell: CellSize(width: 10, height: 20))
    let image = try #require(ThumbnailDecoder.decode(try photo(), size: (40, 20), style: style, fitted: true)?.image)
    #expect(image.columns == 40 && image.rows == 10)
    #expect(image.drawing.hasPrefix("\u{1B}7\u{1B}P0;1;0q\"1;1;400;20#"), "the first stripe, a cell row tall")
    #expect(image.drawing.components(separatedBy: "\u{1B}P0;1;0q\"1;1;400;20#").count - 1 == 10, "10 stripes")
    let kitty = BrowsePictureStyle(colours: .trueColour, graphics: .kitty, cell: CellSize(width: 10, height: 20))
    let scaledByKitty = try #require(
      ThumbnailDecoder.decode(try photo(), size: (40, 20), style: kitty, fitted: true)?.image)
    #expect(scaledByKitty.drawing.hasPrefix("\u{1B}_Ga=T,f=24,s=200,v=100,i=\(scaledByKitty.id),c=40,r=10,"))
    #expect(BrowseScreen.detailBox(columns: 120, rows: 40) == BrowseScreen.Box(columns: 69, rows: 36))
  }

  @Test("TRM-42 detail frames are capped: iTerm2 gets the photo at its own size to scale, sixel at most a megapixel")
  func detailCapped() throws {
    let iterm = BrowsePictureStyle(colours: .trueColour, graphics: .iterm, cell: CellSize(width: 10, height: 20))
    let image = try #require(ThumbnailDecoder.decode(try photo(), size: (40, 20), style: iterm, fitted: true)?.image)
    let payload = try #require(image.drawing.split(separator: ":").last?.dropLast())
    let png = try Picture(decoding: try #require(Data(base64Encoded: String(payload))))
    #expect(png.width == 200 && png.height == 100)  // the photo's own pixels; the box is 400 × 200
    #expect(image.drawing.contains("width=40;height=10;"))

    let sixel = BrowsePictureStyle(colours: .trueColour, graphics: .sixel, cell: CellSize(width: 10, height: 20))
    let wide = try PNG.encode(
      try #require(Picture(width: 2_000, height: 1_000, pixels: .init(repeating: 9, count: 6_000_000))))
    let large = try #require(ThumbnailDecoder.decode(wide, size: (300, 80), style: sixel, fitted: true)?.image)
    #expect(large.columns * 10 * large.rows * 20 <= 1_000_000, "\(large.columns) × \(large.rows) cells")
    #expect(large.columns == 141 && large.rows == 35)  // 1410 × 700: the photo's shape within a megapixel
  }

  @Test("TRM-39 the half-block detail picture is as large as the screen allows, its shape kept")
  func halfBlockDetailFits() throws {
    #expect(
      BrowseScreen.detailBox(columns: 120, rows: 40) == BrowseScreen.Box(columns: 69, rows: 36))
    let style = BrowsePictureStyle(colours: .palette, graphics: .blocks, cell: CellSize(width: 10, height: 20))
    let thumbnail = try #require(ThumbnailDecoder.decode(try photo(), size: (69, 36), style: style, fitted: true))
    #expect(thumbnail.columns == 69 && thumbnail.rows == 17)  // 200 × 100: 690 × 345 pixels of 10 × 20 cells
  }

  @Test("TRM-33 a picture shown again at the same size is not encoded again; another size is")
  func cachedPerSize() async throws {
    let decoder = ThumbnailDecoder()
    let style = BrowsePictureStyle(colours: .trueColour, graphics: .kitty, cell: .usual)
    let data = try photo()
    let first = try #require(await decoder.thumbnail(of: data, size: (10, 3), style: style)?.image)
    let again = try #require(await decoder.thumbnail(of: data, size: (10, 3), style: style)?.image)
    let larger = try #require(await decoder.thumbnail(of: data, size: (20, 6), style: style)?.image)
    #expect(again.id == first.id)
    #expect(larger.id != first.id)
  }

  private func photo() throws -> Data {
    var pixels: [UInt8] = []
    for at in 0..<(200 * 100) { pixels += [UInt8(at % 200), UInt8(at / 200 * 2), 90] }
    return try PNG.encode(try #require(Picture(width: 200, height: 100, pixels: pixels)))
  }
}
