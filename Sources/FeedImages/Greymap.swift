/// A grey-scale picture decoded from a Netpbm greymap (PGM): binary (`P5`) or plain text (`P2`), 8 or 16 bits per
/// sample. The demo server's images are binary greymaps.
///
/// Every size read from the data is checked against the data: a header that promises more samples than follow, a
/// size beyond ``maximumSide``, a maximum value of 0 or above 65535, or a sample above it is refused (`nil`), never
/// read past or trusted.
public struct Greymap: Hashable, Sendable {
  /// The largest width or height accepted.
  public static let maximumSide = 2_048

  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// The samples row by row, scaled to 0 (black) … 255 (white).
  public let pixels: [UInt8]

  /// Decodes `bytes`; `nil` when they are not a well-formed greymap.
  public init?(decoding bytes: some Collection<UInt8>) {
    var reader = HeaderReader(bytes: Array(bytes))
    guard let magic = reader.magic(), magic == "P5" || magic == "P2",
      let width = reader.number(), let height = reader.number(), let maximum = reader.number(),
      (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height), (1...65_535).contains(maximum)
    else { return nil }
    let count = width * height
    let samples: [Int]?
    if magic == "P5" {
      guard reader.skipOneWhitespace() else { return nil }
      samples = reader.binarySamples(count, wide: maximum > 255)
    } else {
      var plain: [Int] = []
      while plain.count < count, let sample = reader.number() { plain.append(sample) }
      samples = plain
    }
    guard let samples, samples.count == count, samples.allSatisfy({ $0 <= maximum }) else { return nil }
    self.width = width
    self.height = height
    pixels = maximum == 255 ? samples.map { UInt8($0) } : samples.map { UInt8(($0 * 255 + maximum / 2) / maximum) }
  }
}

/// Reads a Netpbm header: tokens separated by whitespace, with `#` comments to the end of the line.
private struct HeaderReader {
  let bytes: [UInt8]
  var offset = 0

  mutating func magic() -> String? {
    guard bytes.count >= 2 else { return nil }
    offset = 2
    return String(decoding: bytes[0..<2], as: UTF8.self)
  }

  /// The next decimal number; `nil` at the end, on anything else, or past seven digits (no side or sample is
  /// larger, and the product of two stays far from overflow).
  mutating func number() -> Int? {
    skipSpaceAndComments()
    var value = 0
    var digits = 0
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      value = value * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
      digits += 1
      offset += 1
      if digits > 7 { return nil }
    }
    return digits > 0 ? value : nil
  }

  mutating func skipOneWhitespace() -> Bool {
    guard offset < bytes.count, Self.isSpace(bytes[offset]) else { return false }
    offset += 1
    return true
  }

  /// `count` samples of one byte, or two big-endian bytes when `wide`; `nil` when the data is shorter.
  func binarySamples(_ count: Int, wide: Bool) -> [Int]? {
    let size = wide ? 2 : 1
    guard bytes.count - offset >= count * size else { return nil }
    return (0..<count).map { index in
      let at = offset + index * size
      return wide ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : Int(bytes[at])
    }
  }

  private mutating func skipSpaceAndComments() {
    while offset < bytes.count {
      if Self.isSpace(bytes[offset]) {
        offset += 1
      } else if bytes[offset] == UInt8(ascii: "#") {
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
      } else {
        return
      }
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
  }
}
