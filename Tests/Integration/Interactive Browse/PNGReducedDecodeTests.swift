import Foundation
import Testing

@testable import FeedImages

/// A PNG shown small is reduced while its rows are read: the decode holds a row and the reduced picture's sums, never
/// the whole picture (a 4096 px photo is 50 MB of pixels; a feed of them peaked at 411 MB).
@Suite("PNG reduced while decoding")
struct PNGReducedDecodeTests {
  @Test("TRM-46 a 4096 × 4096 PNG decoded for a thumbnail allocates under 1 MB, each pixel the mean of its box")
  func largePhotoForThumbnail() throws {
    let side = 4_096
    let source = try #require(Picture(width: side, height: side, pixels: Self.gradient(width: side, height: side)))
    let data = try PNG.encode(source)

    let reduced = try PNG.decodeCounting(data, fitting: (width: 120, height: 60))
    let decoded = try Picture(decoding: data, fitting: (width: 120, height: 60))

    #expect(PNG.factor(width: side, height: side, fitting: (120, 60)) == 34)
    #expect(reduced.picture.width == 121 && reduced.picture.height == 121, "⌈4096 / 34⌉ a side")
    #expect(decoded == reduced.picture, "Picture(decoding:fitting:) reduces a PNG too")
    let held = reduced.allocated + reduced.picture.pixels.count
    #expect(
      held < 1 << 20, "the decode allocated \(reduced.allocated) bytes besides its \(reduced.picture.pixels.count)")
    for (x, y) in [(0, 0), (60, 60), (120, 120), (3, 117)] {
      #expect(
        Self.pixel(reduced.picture, x, y) == Self.boxMean(source, x: x, y: y, factor: 34), "pixel \(x), \(y)")
    }
  }

  @Test(
    "TRM-46 an interlaced PNG decodes whole as the plain one, and reduced (odd sizes, boxes cut at the edges) as well",
    arguments: [(37, 29, 3), (8, 8, 2), (1, 1, 1), (9, 2, 2)])
  func interlaced(width: Int, height: Int, factor: Int) throws {
    let rgb = Self.gradient(width: width, height: height)
    let source = try #require(Picture(width: width, height: height, pixels: rgb))
    let interlaced = Data(PNGBytes.interlaced(rgb: rgb, width: width, height: height))
    let plain = try PNG.encode(source)
    let target = (width: max(1, width / factor), height: max(1, height / factor))

    #expect(try PNG.decode(interlaced) == source)
    let reduced = try PNG.decode(interlaced, fitting: target)
    #expect(reduced == (try PNG.decode(plain, fitting: target)))
    let expectedFactor = PNG.factor(width: width, height: height, fitting: target)
    #expect(reduced.width == (width + expectedFactor - 1) / expectedFactor)
    for y in 0..<reduced.height {
      for x in 0..<reduced.width {
        #expect(
          Self.pixel(reduced, x, y) == Self.boxMean(source, x: x, y: y, factor: expectedFactor), "pixel \(x), \(y)")
      }
    }
  }

  @Test("TRM-46 a truncated PNG is refused by the reduced decode too, and a picture no larger than asked is whole")
  func truncatedAndSmall() throws {
    let source = try #require(Picture(width: 64, height: 64, pixels: Self.gradient(width: 64, height: 64)))
    let data = try PNG.encode(source)
    #expect(throws: PictureError.self) { try PNG.decode(data.prefix(data.count - 30), fitting: (8, 8)) }
    let interlaced = PNGBytes.interlaced(rgb: source.pixels, width: 64, height: 64)
    #expect(throws: PictureError.self) {
      try PNG.decode(Data(interlaced.prefix(interlaced.count / 2)), fitting: (8, 8))
    }
    #expect(try PNG.decode(data, fitting: (64, 100)) == source)
  }

  // MARK: - Helpers

  private static func gradient(width: Int, height: Int) -> [UInt8] {
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let at = (y * width + x) * 3
        (rgb[at], rgb[at + 1], rgb[at + 2]) = (UInt8(x * 7 & 0xFF), UInt8(y * 5 & 0xFF), UInt8((x ^ y) & 0xFF))
      }
    }
    return rgb
  }

  private static func pixel(_ picture: Picture, _ x: Int, _ y: Int) -> [UInt8] {
    Array(picture.pixels[((y * picture.width + x) * 3)..<((y * picture.width + x) * 3 + 3)])
  }

  /// The rounded mean of the `factor` × `factor` box of `picture` reduced pixel `x`, `y` stands for.
  private static func boxMean(_ picture: Picture, x: Int, y: Int, factor: Int) -> [UInt8] {
    var sums = [0, 0, 0]
    let columns = (x * factor)..<min(picture.width, (x + 1) * factor)
    let rows = (y * factor)..<min(picture.height, (y + 1) * factor)
    for row in rows {
      for column in columns {
        for channel in 0..<3 { sums[channel] += Int(picture.pixels[(row * picture.width + column) * 3 + channel]) }
      }
    }
    let count = columns.count * rows.count
    return sums.map { UInt8(($0 + count / 2) / count) }
  }
}
