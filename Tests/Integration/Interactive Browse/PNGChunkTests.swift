import Foundation
import Testing

@testable import FeedImages

/// A PNG's text chunks are compressed: a small file can inflate to gigabytes of text that no thumbnail shows.
@Suite("PNG chunks outside the picture")
struct PNGChunkTests {
  @Test(
    "TRM-24 a 16 x 16 PNG with zTXt and iTXt chunks of 7.9 MB text each and a large unknown chunk decodes as the plain file, allocating what it allocates"
  )
  func textChunksAreSkipped() throws {
    let clean = [UInt8](try PNG.encode(try #require(checkerboard(side: 16))))
    let zeros = 1 + 258 * 30_620  // 7,899,961 bytes of text per chunk, under libpng's default 8 MB chunk limit
    var chunks: [UInt8] = []
    for _ in 0..<4 {
      chunks += PNGBytes.chunk("zTXt", Array("Comment".utf8) + [0, 0] + zlibOfZeros(count: zeros))
      chunks += PNGBytes.chunk("iTXt", Array("Comment".utf8) + [0, 1, 0, 0, 0] + zlibOfZeros(count: zeros))
    }
    chunks += PNGBytes.chunk("blOb", [UInt8](repeating: 0x41, count: 1 << 20))
    let crafted = Array(clean[..<33]) + chunks + Array(clean[33...])  // after the signature and IHDR

    let plain = try PNG.decodeCounting(Data(clean))
    let decoded = try PNG.decodeCounting(Data(crafted))

    #expect(crafted.count > 1 << 20)
    #expect(decoded.picture == plain.picture)
    #expect(
      decoded.allocated <= plain.allocated + 16_384,
      "libpng allocated \(decoded.allocated) bytes for the crafted file, \(plain.allocated) for the plain one")
  }

  @Test(
    "TRM-24 every ancillary chunk outside the picture is skipped unread: a large iCCP profile, eXIf, sPLT, tEXt, many",
    arguments: ["iCCP", "eXIf", "sPLT", "tEXt", "many"])
  func everyAncillaryChunkIsSkipped(kind: String) throws {
    let clean = [UInt8](try PNG.encode(try #require(checkerboard(side: 16))))
    let zeros = 1 + 258 * 30_620
    let chunks: [UInt8] =
      switch kind {
      case "iCCP": PNGBytes.chunk("iCCP", Array("ICC".utf8) + [0, 0] + zlibOfZeros(count: zeros))
      case "eXIf": PNGBytes.chunk("eXIf", Array("MM".utf8) + [UInt8](repeating: 0, count: 4 << 20))
      case "sPLT": PNGBytes.chunk("sPLT", Array("p".utf8) + [0, 8] + [UInt8](repeating: 7, count: 6 * 500_000))
      case "tEXt": PNGBytes.chunk("tEXt", Array("Comment".utf8) + [0] + [UInt8](repeating: 0x41, count: 4 << 20))
      default: (0..<1_000).flatMap { _ in PNGBytes.chunk("zTXt", Array("C".utf8) + [0, 0] + zlibOfZeros(count: 259)) }
      }
    let crafted = Array(clean[..<33]) + chunks + Array(clean[33...])

    let plain = try PNG.decodeCounting(Data(clean))
    let decoded = try PNG.decodeCounting(Data(crafted))

    #expect(decoded.picture == plain.picture)
    #expect(
      decoded.allocated <= plain.allocated + 16_384,
      "libpng allocated \(decoded.allocated) bytes for \(kind), \(plain.allocated) for the plain file")
  }

  private func checkerboard(side: Int) -> Picture? {
    let pixels = (0..<(side * side)).flatMap { index -> [UInt8] in
      (index / side + index % side) % 2 == 0 ? [250, 20, 20] : [20, 20, 250]
    }
    return Picture(width: side, height: side, pixels: pixels)
  }

  /// A zlib stream of `count` zero bytes (`count` = 1 + 258 k): one literal, then k copies of 258 bytes at distance
  /// 1, in one block of fixed Huffman codes.
  private func zlibOfZeros(count: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.put(1, count: 1)  // the final block
    bits.put(1, count: 2)  // fixed Huffman codes
    bits.putCode(0b0011_0000, length: 8)  // literal 0
    for _ in 0..<((count - 1) / 258) {
      bits.putCode(0b1100_0101, length: 8)  // length 258 (code 285)
      bits.putCode(0, length: 5)  // distance 1
    }
    bits.putCode(0, length: 7)  // end of block
    let adler = UInt32(count % 65_521) << 16 | 1
    return [0x78, 0x01] + bits.bytes + PNGBytes.bigEndian(adler)
  }
}

/// Deflate's bit order: fields from the least significant bit, Huffman codes from their most significant.
private struct BitWriter {
  var bytes: [UInt8] = []
  private var used = 8

  mutating func put(_ value: Int, count: Int) {
    for bit in 0..<count { append((value >> bit) & 1) }
  }

  mutating func putCode(_ code: Int, length: Int) {
    for bit in stride(from: length - 1, through: 0, by: -1) { append((code >> bit) & 1) }
  }

  private mutating func append(_ bit: Int) {
    if used == 8 {
      bytes.append(0)
      used = 0
    }
    bytes[bytes.count - 1] |= UInt8(bit) << used
    used += 1
  }
}
