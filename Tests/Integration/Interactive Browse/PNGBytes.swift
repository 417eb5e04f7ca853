/// PNG files made byte by byte, for what `PNG.encode` does not write: crafted chunks, interlaced pictures.
enum PNGBytes {
  /// A chunk: its length, type, data and CRC-32.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  /// `rgb`, `width` × `height` 8-bit RGB pixels, as an Adam7-interlaced PNG: each pass's rows unfiltered, in zlib's
  /// stored blocks.
  static func interlaced(rgb: [UInt8], width: Int, height: Int) -> [UInt8] {
    let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    var raw: [UInt8] = []
    for (startX, startY, stepX, stepY) in passes {
      let xs = Array(stride(from: startX, to: width, by: stepX))
      let ys = Array(stride(from: startY, to: height, by: stepY))
      guard !xs.isEmpty, !ys.isEmpty else { continue }
      for y in ys {
        raw.append(0)  // no filter
        for x in xs { raw += rgb[((y * width + x) * 3)..<((y * width + x) * 3 + 3)] }
      }
    }
    var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    header += [8, 2, 0, 0, 1]  // 8 bits, RGB, deflate, adaptive filters, Adam7
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", stored(raw))
      + chunk("IEND", [])
  }

  /// `bytes` as a zlib stream of stored (uncompressed) blocks.
  private static func stored(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65_535, bytes.count - offset)
      let final: UInt8 = offset + count == bytes.count ? 1 : 0
      output += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      output += bytes[offset..<(offset + count)]
      offset += count
    } while offset < bytes.count
    var (a, b): (UInt32, UInt32) = (1, 0)
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return output + bigEndian(b << 16 | a)
  }

  /// The CRC-32 of PNG chunks (ISO 3309), a table's byte at a time.
  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    let table = (0..<256).map { n -> UInt32 in
      var c = UInt32(n)
      for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
      return c
    }
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return ~crc
  }
}
