import Foundation

/// One image data file of ``FileSystemFeedStore``, version 1. It holds its own URL, so a lookup verifies the key
/// and two URLs whose names collide can never be confused:
///
/// ```
/// magic "EFIM" | version u16 | reserved u16 | url length u32 | data length u64 | checksum u64 | url | data
/// ```
///
/// The file's name is 32 hex digits of two 64-bit hashes of the URL's `absoluteString`, then `-N` for the N-th
/// colliding URL: only `[0-9a-f-]`, so no URL can name a path outside the directory, whatever its length or bytes.
enum ImageFileFormat {
  static let magic: UInt32 = 0x4D49_4645  // "EFIM" read as little-endian bytes
  static let version: UInt16 = 1
  static let headerSize = 4 + 2 + 2 + 4 + 8 + 8

  static func fileName(for key: String, slot: Int) -> String {
    var key = key
    let (high, low) = key.withUTF8 { utf8 in
      let raw = UnsafeRawBufferPointer(utf8)
      return (Hash64.hash(raw, seed: 0x5EED_0001), Hash64.hash(raw, seed: 0x5EED_0002))
    }
    let name = hex(high) + hex(low)
    return slot == 0 ? "\(name).image" : "\(name)-\(slot).image"
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The file for `data` under `key`, built in one buffer: one copy of the image's bytes.
  static func encode(_ data: Data, key: String) -> Data {
    var key = key
    return key.withUTF8 { url in
      data.withUnsafeBytes { body in
        var header = BinaryWriter(capacity: headerSize)
        header.append(magic)
        header.append(version)
        header.append(UInt16(0))
        header.append(UInt32(truncatingIfNeeded: url.count))
        header.append(UInt64(body.count))
        header.append(Hash64.hash(UnsafeRawBufferPointer(url), seed: Hash64.hash(body)))
        var file = Data(capacity: headerSize + url.count + body.count)
        file.append(contentsOf: header.bytes)
        file.append(url)
        file.append(contentsOf: body)
        return file
      }
    }
  }

  /// The stored key and data of an image file.
  static func decode(_ file: Data) throws(BinaryReader.Malformed) -> (key: String, data: Data) {
    let result: Result<(String, Data), BinaryReader.Malformed> = file.withUnsafeBytes { buffer in
      Result { () throws(BinaryReader.Malformed) -> (String, Data) in
        var reader = BinaryReader(buffer)
        guard try reader.read(UInt32.self) == magic else { throw .init(reason: "not an image data file") }
        let fileVersion = try reader.read(UInt16.self)
        guard fileVersion == version else { throw .init(reason: "unknown format version \(fileVersion)") }
        guard try reader.read(UInt16.self) == 0 else { throw .init(reason: "unknown flags") }
        let urlLength = Int(try reader.read(UInt32.self))
        let dataLength = try reader.read(UInt64.self)
        let checksum = try reader.read(UInt64.self)
        // Overflow-safe: no length read from the file is added before it is known to fit in the file.
        guard dataLength <= UInt64(reader.remaining), UInt64(reader.remaining) - dataLength == UInt64(urlLength) else {
          throw .init(reason: "length mismatch")
        }
        let url = try reader.readBytes(urlLength)
        let body = try reader.readBytes(Int(dataLength))
        guard Hash64.hash(url, seed: Hash64.hash(body)) == checksum else { throw .init(reason: "checksum mismatch") }
        guard let key = String(validating: url, as: UTF8.self) else { throw .init(reason: "invalid UTF-8") }
        return (key, Data(body))
      }
    }
    return try result.get()
  }
}
