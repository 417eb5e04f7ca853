import FeedImages
import FeedTerminal
import Foundation
import Testing

@Suite("Graphics: kitty, sixel and iTerm2 images encoded")
struct GraphicsEncodingTests {
  @Test("TRM-29 kitty: a transmission is one APC with its keys, RGB in base64, the cursor kept, answers suppressed")
  func kittyOneChunk() {
    #expect(
      KittyGraphics.transmit(rgb: [255, 0, 0], width: 1, height: 1, id: 7, columns: 2, rows: 1)
        == "\u{1B}_Ga=T,f=24,s=1,v=1,i=7,c=2,r=1,C=1,q=2;/wAA\u{1B}\\")
    #expect(KittyGraphics.delete(id: 7) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
  }

  @Test("TRM-29 kitty: a payload over 4096 bytes goes in chunks, m=1 on all but the last, only m and q after the first")
  func kittyChunks() throws {
    let rgb = (0..<(3_072 * 2 + 3)).map { UInt8($0 % 251) }
    let text = KittyGraphics.transmit(rgb: rgb, width: 2_049, height: 1, id: 9, columns: 20, rows: 1)
    let chunks = text.components(separatedBy: "\u{1B}\\").dropLast()
    #expect(chunks.count == 3)
    let controls = chunks.map { $0.prefix { $0 != ";" } }
    #expect(
      controls == [
        "\u{1B}_Ga=T,f=24,s=2049,v=1,i=9,c=20,r=1,C=1,q=2,m=1", "\u{1B}_Gm=1,q=2", "\u{1B}_Gm=0,q=2",
      ])
    let payloads = chunks.map { String($0.drop { $0 != ";" }.dropFirst()) }
    #expect(payloads.map(\.count) == [4_096, 4_096, 4])
    #expect(Data(base64Encoded: payloads.joined()).map(Array.init) == rgb)
  }

  @Test("TRM-30 sixel: a small image byte for byte: its size, the colours it uses, one pass per colour, runs as !n")
  func sixelBytes() {
    #expect(
      SixelGraphics.encode(rgb: [255, 0, 0, 0, 0, 255], width: 2, height: 1)
        == "\u{1B}P0;1;0q\"1;1;2;1#5;2;0;0;100#180;2;100;0;0#5?@$#180@-\u{1B}\\")
    #expect(
      SixelGraphics.encode(rgb: Array(repeating: 255, count: 30), width: 10, height: 1)
        == "\u{1B}P0;1;0q\"1;1;10;1#215;2;100;100;100#215!10@-\u{1B}\\")
  }

  @Test("TRM-30 sixel: a gradient decodes back to the palette colour of every source pixel, mean error under 14")
  func sixelDecodesBack() throws {
    let (width, height) = (37, 23)
    let rgb = (0..<(width * height)).flatMap { at -> [UInt8] in
      let (x, y) = (at % width, at / width)
      return [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8((x * y) % 256)]
    }
    let decoded = try SixelDecoder(SixelGraphics.encode(rgb: rgb, width: width, height: height))
    #expect(decoded.width == width && decoded.height == height)
    var error = 0
    for at in 0..<(width * height) {
      let source = (rgb[at * 3], rgb[at * 3 + 1], rgb[at * 3 + 2])
      let pixel = try #require(decoded.pixels[at], "pixel \(at % width), \(at / width) not drawn")
      let expected = SixelGraphics.colour(ofIndex: SixelGraphics.paletteIndex(source.0, source.1, source.2))
      #expect(pixel == expected, "pixel \(at % width), \(at / width)")
      error +=
        abs(Int(pixel.red) - Int(source.0)) + abs(Int(pixel.green) - Int(source.1))
        + abs(Int(pixel.blue) - Int(source.2))
    }
    let meanError = Double(error) / Double(width * height * 3)
    #expect(meanError < 14, "mean error per sample \(meanError)")
  }

  @Test("TRM-43 sixel in a median-cut palette of up to 256 colours keeps more of a photo's colours than the fixed one")
  func sixelAdaptedPalette() throws {
    let (width, height) = (64, 48)
    let rgb = (0..<(width * height)).flatMap { at -> [UInt8] in
      let (x, y) = (at % width, at / width)
      return [UInt8(60 + x), UInt8(40 + y * 2), UInt8(20 + (x + y) / 2)]  // a photo's narrow range of browns
    }
    func measure(_ text: String) throws -> (colours: Int, error: Double) {
      let decoded = try SixelDecoder(text)
      var (seen, error) = (Set<Int>(), 0)
      for at in 0..<(width * height) {
        let pixel = try #require(decoded.pixels[at], "pixel \(at) not drawn")
        seen.insert(Int(pixel.red) << 16 | Int(pixel.green) << 8 | Int(pixel.blue))
        error += abs(Int(pixel.red) - Int(rgb[at * 3])) + abs(Int(pixel.green) - Int(rgb[at * 3 + 1]))
        error += abs(Int(pixel.blue) - Int(rgb[at * 3 + 2]))
      }
      return (seen.count, Double(error) / Double(width * height * 3))
    }
    let fixed = try measure(SixelGraphics.encode(rgb: rgb, width: width, height: height))
    let adapted = try measure(SixelGraphics.encodeAdapted(rgb: rgb, width: width, height: height))
    print("TRM-43 fixed palette: \(fixed.colours) colours, mean error \(fixed.error); median cut: \(adapted)")
    #expect(adapted.colours >= 100 && adapted.colours <= 256 && fixed.colours < 20, "\(adapted.colours) colours")
    #expect(adapted.error < 3 && adapted.error < fixed.error / 3, "\(adapted.error) against \(fixed.error)")
  }

  @Test("TRM-45 sixel stripes, each a palette of its own: a photo keeps thousands of colours and comes nearer")
  func sixelStripes() throws {
    let (width, height) = (120, 96)
    let rgb = (0..<(width * height)).flatMap { at -> [UInt8] in
      let (x, y) = (at % width, at / width)
      return [UInt8(x * 2), UInt8(y * 2), UInt8(255 - (x + y))]  // 11,520 colours, no two pixels alike
    }
    func measure(_ images: [String], stripeHeight: Int) throws -> (colours: Int, error: Double) {
      var (seen, error) = (Set<Int>(), 0)
      for (index, image) in images.enumerated() {
        let decoded = try SixelDecoder(image)
        let top = index * stripeHeight
        for at in 0..<(width * min(stripeHeight, height - top)) {
          let pixel = try #require(decoded.pixels[at], "stripe \(index) pixel \(at) not drawn")
          let source = (top * width + at) * 3
          seen.insert(Int(pixel.red) << 16 | Int(pixel.green) << 8 | Int(pixel.blue))
          error += abs(Int(pixel.red) - Int(rgb[source])) + abs(Int(pixel.green) - Int(rgb[source + 1]))
          error += abs(Int(pixel.blue) - Int(rgb[source + 2]))
        }
      }
      return (seen.count, Double(error) / Double(width * height * 3))
    }
    let whole = try measure([SixelGraphics.encodeAdapted(rgb: rgb, width: width, height: height)], stripeHeight: height)
    let stripes = SixelGraphics.encodeStripes(rgb: rgb, width: width, height: height, stripeHeight: 26)
    #expect(stripes.count == 4, "96 rows in stripes of 26: three whole and one of 18")
    let striped = try measure(stripes, stripeHeight: 26)
    print("TRM-45 one palette: \(whole); stripes of 26 rows: \(striped)")
    #expect(whole.colours <= 256)
    #expect(striped.colours > 800, "\(striped.colours) colours")
    #expect(striped.error < whole.error, "\(striped.error) against \(whole.error)")
    let sixteen = try measure(
      SixelGraphics.encodeStripes(rgb: rgb, width: width, height: height, stripeHeight: 26, registers: 16),
      stripeHeight: 26)
    #expect(sixteen.colours <= 64, "a VT340's 16 registers a stripe: \(sixteen.colours)")
    #expect(SixelGraphics.encodeStripes(rgb: [1, 2], width: 2, height: 2, stripeHeight: 1).isEmpty)
  }

  @Test("TRM-45 a sixel picture's stripes are drawn one under the other from the cursor it found")
  func sixelStripesPlaced() throws {
    let picture = try #require(Picture(width: 4, height: 4, pixels: [UInt8](repeating: 128, count: 48)))
    let image = try #require(
      TerminalImage(picture, graphics: .sixel, columns: 2, rows: 5, cell: CellSize(width: 2, height: 3)))
    let drawing = image.drawing
    let rows = TerminalImage.sixelStripeRows
    #expect(drawing.hasPrefix("\u{1B}7\u{1B}P"))
    #expect(drawing.components(separatedBy: "\u{1B}P").count - 1 == (5 + rows - 1) / rows, "5 rows in stripes")
    for stripe in 1..<((5 + rows - 1) / rows) {
      #expect(
        drawing.contains("\u{1B}8\u{1B}[\(stripe * rows)B\u{1B}P"), "stripe \(stripe) starts \(stripe * rows) rows down"
      )
    }
    #expect(drawing.contains("\"1;1;4;\(3 * rows)"), "stripes of \(rows) rows of 3 pixels")
  }

  @Test("TRM-31 iTerm2: an OSC 1337 inline file, sized in cells, its payload a PNG of the picture's pixels")
  func iTerm() throws {
    let pixels: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90]
    let picture = try #require(Picture(width: 3, height: 2, pixels: pixels))
    let text = try #require(ITermGraphics.encode(picture, columns: 3, rows: 2))
    let head = text.prefix { $0 != ":" }
    let png = try #require(Data(base64Encoded: String(text.dropFirst(head.count + 1).dropLast())))
    #expect(
      head == "\u{1B}]1337;File=inline=1;size=\(png.count);width=3;height=2;preserveAspectRatio=0;doNotMoveCursor=1")
    #expect(text.hasSuffix("\u{07}"))
    #expect(try Picture(decoding: png) == picture)
  }
}
