import CImageCodecs
import FeedTerminal
import Foundation
import Testing

@testable import FeedCLI
@testable import FeedImages

@Suite("Pictures: JPEG and PNG decoded and drawn in colour")
struct PictureTests {
  @Test("TRM-19 a JPEG and a PNG decode to their size and colours; a JPEG scales down while decoding")
  func decodes() throws {
    let picture = try #require(gradient(width: 64, height: 48))
    let png = try Picture(decoding: try PNG.encode(picture))
    #expect(png == picture)
    let jpeg = try Picture(decoding: try JPEG.encode(picture, quality: 95))
    #expect(jpeg.width == 64 && jpeg.height == 48)
    #expect(largestDifference(jpeg, picture) < 24)

    let large = try JPEG.encode(try #require(gradient(width: 2_048, height: 2_048)))
    let scaled = try Picture(decoding: large, fitting: (10, 6))
    #expect(scaled.width == 256 && scaled.height == 256)  // libjpeg's 1/8: the smallest that covers 10 × 6
    #expect(try Picture(decoding: large, fitting: (300, 300)).width == 512)
    #expect(Picture.Format(sniffing: Data("P5 1 1 255\n\u{0}".utf8)) == .pgm)
  }

  @Test("TRM-20 a header announcing 60,000 × 60,000 pixels is refused from the header, before any allocation")
  func refusesHugeHeaders() throws {
    let picture = try #require(gradient(width: 8, height: 8))
    var jpeg = [UInt8](try JPEG.encode(picture))
    let frame = try #require(jpeg.indices.dropLast().first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    jpeg.replaceSubrange((frame + 5)..<(frame + 9), with: [0xEA, 0x60, 0xEA, 0x60])
    #expect(throws: PictureError.tooLarge("JPEG", width: 60_000, height: 60_000)) {
      try Picture(decoding: Data(jpeg), fitting: (10, 6))
    }
    var png = [UInt8](try PNG.encode(picture))
    png.replaceSubrange(16..<24, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
    png.replaceSubrange(29..<33, with: bigEndian(crc32(png[12..<29])))
    #expect(throws: PictureError.tooLarge("PNG", width: 60_000, height: 60_000)) {
      try Picture(decoding: Data(png))
    }
  }

  @Test(
    "TRM-21 a truncated or corrupt JPEG or PNG is refused (its row offers a retry), never read past",
    arguments: ["jpeg", "png"])
  func refusesDamagedFiles(format: String) async throws {
    let picture = try #require(gradient(width: 40, height: 30))
    let file = [UInt8](format == "jpeg" ? try JPEG.encode(picture) : try PNG.encode(picture))
    // Cut anywhere before the last pixels: a PNG cut only in its last 20 bytes (the end chunk, the checksums after
    // the last row) still holds every pixel, and decodes, as browsers show it.
    let cuts = Array(stride(from: 0, to: file.count - 20, by: max(1, file.count / 40))) + [file.count - 21]
    for length in cuts {
      #expect(throws: PictureError.self, "cut at \(length) of \(file.count)") {
        _ = try Picture(decoding: Data(file.prefix(length)))
      }
    }
    var corrupt = file
    for index in stride(from: file.count / 3, to: file.count * 2 / 3, by: 7) { corrupt[index] ^= 0x5A }
    #expect(throws: PictureError.self) { try Picture(decoding: Data(corrupt)) }
    let (size, decoder, style) = ((columns: 10, rows: 3), ThumbnailDecoder(), BrowsePictureStyle(colours: .grey))
    #expect(await decoder.thumbnail(of: Data(file.prefix(file.count / 2)), size: size, style: style) == nil)
    #expect(await decoder.thumbnail(of: Data(file), size: size, style: style) != nil)
  }

  @Test("TRM-21 a progressive JPEG of more scans than the limit is refused, not decoded for minutes")
  func scanLimit() throws {
    let progressive = try JPEG.encode(try #require(gradient(width: 64, height: 48)), progressive: true)
    #expect(try JPEG.decode(progressive, fitting: nil, scanLimit: 500).width == 64)
    #expect(throws: PictureError.self) { try JPEG.decode(progressive, fitting: nil, scanLimit: 3) }
    #expect(try Picture(decoding: progressive).height == 48)
  }

  @Test("TRM-19 a CMYK JPEG (Adobe's inverted samples) decodes to RGB")
  func cmyk() throws {
    // Red as Photoshop stores it: C 0 %, M and Y 100 %, K 0 %, each inverted (255 - value).
    let samples = [UInt8](repeating: 0, count: 16 * 8 * 4).enumerated().map { index, _ in
      [255, 0, 0, 255][index % 4] as UInt8
    }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    var message = [CChar](repeating: 0, count: 200)
    #expect(fi_jpeg_encode(samples, 4, 16, 8, 95, 0, &output, &size, &message, message.count) == FI_OK)
    defer { fi_free(output) }
    let data = Data(bytes: try #require(output), count: Int(size))
    let picture = try Picture(decoding: data)
    #expect(picture.width == 16 && picture.height == 8)
    #expect(picture.pixels[0] > 230 && picture.pixels[1] < 25 && picture.pixels[2] < 25, "\(picture.pixels.prefix(3))")
  }

  @Test("TRM-22 thumbnails draw in 24-bit colour, the 256-colour cube, or greys, as COLORTERM and TERM say")
  func colourDepths() throws {
    #expect(ColourDepth(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]) == .trueColour)
    #expect(ColourDepth(environment: ["COLORTERM": "24bit"]) == .trueColour)
    #expect(ColourDepth(environment: ["TERM": "xterm-256color"]) == .palette)
    #expect(ColourDepth(environment: ["TERM": "xterm"]) == .grey)
    #expect(ColourDepth(environment: [:]) == .grey)

    let red = try #require(Picture(width: 1, height: 2, pixels: [250, 20, 20, 20, 20, 250]))
    var grid = ScreenGrid(width: 1, height: 1)
    Thumbnail(red, columns: 1, rows: 1, depth: .trueColour).draw(into: &grid, row: 0, column: 0)
    #expect(grid[0, 0].style == Style(foreground: .rgb(250, 20, 20), background: .rgb(20, 20, 250)))
    #expect(ANSIFrame.frame(grid, previous: nil).contains("\u{1B}[0;38;2;250;20;20;48;2;20;20;250m▀"))
    Thumbnail(red, columns: 1, rows: 1, depth: .palette).draw(into: &grid, row: 0, column: 0)
    #expect(grid[0, 0].style == Style(foreground: Colour(index: 196), background: Colour(index: 21)))
    Thumbnail(red, columns: 1, rows: 1, depth: .grey).draw(into: &grid, row: 0, column: 0)
    #expect(grid[0, 0].style == Style(foreground: .grey(89), background: .grey(45)))
    #expect(Colour.cube(128, 128, 128) == .grey(128))  // a grey stays on the grey ramp, nearer than the cube's
  }

  @Test(
    "TRM-38 256 colours keep a colour's hue: dark browns map to a brown of the cube, not a grey; greys stay grey",
    arguments: [
      (80, 50, 20, 94), (100, 70, 40, 94), (30, 35, 60, 17), (250, 20, 20, 196), (20, 20, 250, 21),
      (128, 128, 128, 244),
      (110, 100, 90, 241), (240, 240, 240, 255),
    ])
  func hueKept(red: UInt8, green: UInt8, blue: UInt8, index: UInt8) {
    #expect(Colour.cube(red, green, blue) == Colour(index: index))
  }

  /// Red rising to the right, blue rising downward, green the two mixed.
  private func gradient(width: Int, height: Int) -> Picture? {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let (red, blue) = (x * 255 / max(1, width - 1), y * 255 / max(1, height - 1))
        pixels += [UInt8(red), UInt8((red + blue) / 2), UInt8(blue)]
      }
    }
    return Picture(width: width, height: height, pixels: pixels)
  }

  private func largestDifference(_ a: Picture, _ b: Picture) -> Int {
    zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  private func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  /// The CRC-32 of PNG chunks (ISO 3309), bit by bit.
  private func crc32(_ bytes: some Collection<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
