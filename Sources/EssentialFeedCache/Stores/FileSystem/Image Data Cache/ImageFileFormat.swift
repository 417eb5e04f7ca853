import Foundation

/// One image data file of ``FileSystemImageDataStore``, version 3. It holds its own URL, so a lookup verifies the key,
/// and when it was stored, so a lookup checks the maximum age without the index:
///
/// ```
/// magic "EFIM" | version u16 | reserved u16 | url length u32 | data length u64 | stored u64 | checksum u64 | url | data
/// ```
///
/// `stored` is the bit pattern of `Date.timeIntervalSinceReferenceDate`; `checksum` is CRC-32C of `stored`'s 8 bytes,
/// the URL and the data (``CRC32C``), zero-extended. Version 2 files (the same layout, a ``Hash64`` checksum) are still
/// read, and replaced by version 3 when the image is stored again. The file's name is the SHA-256 digest of the URL's
/// `absoluteString` in 64 hex digits: only `[0-9a-f]`, so no URL can name a path outside the directory, whatever its
/// length or bytes. (Version 1 files, named by a 128-bit hash, are not read; an index rebuild removes them.)
enum ImageFileFormat {
  static let magic: UInt32 = 0x4D49_4645  // "EFIM" read as little-endian bytes
  static let version: UInt16 = 3
  static let headerSize = 4 + 2 + 2 + 4 + 8 + 8 + 8
  static let suffix = ".image"

  static func fileName(for digest: SHA256) -> String {
    digest.hex + suffix
  }

  static func fileName(for key: String) -> String {
    fileName(for: SHA256(key))
  }

  /// The digest a file's name spells, or `nil` when `name` is not an image file's name.
  static func digest(ofFileName name: String) -> SHA256? {
    guard name.hasSuffix(suffix) else { return nil }
    return SHA256(hex: name.dropLast(suffix.count))
  }

  /// The file for `data` under `key`: its ``header(for:key:stored:)`` and the data (tests and tools; the store writes
  /// the two parts without joining them).
  static func encode(_ data: Data, key: String, stored: Date) -> Data {
    header(for: data, key: key, stored: stored) + data
  }

  /// Everything in the file for `data` under `key` before the data: the fixed header and the URL. The store writes
  /// it and the caller's bytes one after the other, so the image is never copied into a file buffer.
  static func header(for data: Data, key: String, stored: Date) -> Data {
    var key = key
    return key.withUTF8 { url in
      data.withUnsafeBytes { body in
        var header = BinaryWriter(capacity: headerSize + url.count)
        header.append(magic)
        header.append(version)
        header.append(UInt16(0))
        header.append(UInt32(truncatingIfNeeded: url.count))
        header.append(UInt64(body.count))
        let stored = stored.timeIntervalSinceReferenceDate.bitPattern
        header.append(stored)
        header.append(checksum(url: UnsafeRawBufferPointer(url), body: body, stored: stored, version: version))
        var file = header.bytes
        file.append(contentsOf: url)
        return Data(file)
      }
    }
  }

  /// The checksum of a file's URL, data and date: from version 3, CRC-32C of the date's 8 bytes (little-endian), the
  /// URL and the data, zero-extended to 64 bits; in version 2's files, ``Hash64``.
  private static func checksum(
    url: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer, stored: UInt64, version: UInt16
  ) -> UInt64 {
    guard version != 2 else { return Hash64.hash(url, seed: Hash64.hash(body) ^ stored) }
    let date = withUnsafeBytes(of: stored.littleEndian) { CRC32C.checksum($0) }
    return UInt64(CRC32C.checksum(body, continuing: CRC32C.checksum(url, continuing: date)))
  }

  /// An image file's contents.
  struct Contents {
    var key: String
    var data: Data
    var stored: Date
  }

  /// The stored key, data and date of an image file.
  static func decode(_ file: Data) throws(BinaryReader.Malformed) -> Contents {
    let result: Result<Contents, BinaryReader.Malformed> = file.withUnsafeBytes { buffer in
      Result { () throws(BinaryReader.Malformed) -> Contents in
        var reader = BinaryReader(buffer)
        guard try reader.read(UInt32.self) == magic else { throw .init(reason: "not an image data file") }
        let fileVersion = try reader.read(UInt16.self)
        guard fileVersion == version || fileVersion == 2 else {
          throw .init(reason: "unknown format version \(fileVersion)")
        }
        guard try reader.read(UInt16.self) == 0 else { throw .init(reason: "unknown flags") }
        let urlLength = Int(try reader.read(UInt32.self))
        let dataLength = try reader.read(UInt64.self)
        let stored = try reader.read(UInt64.self)
        let checksum = try reader.read(UInt64.self)
        // Overflow-safe: no length read from the file is added before it is known to fit in the file.
        guard dataLength <= UInt64(reader.remaining), UInt64(reader.remaining) - dataLength == UInt64(urlLength) else {
          throw .init(reason: "length mismatch")
        }
        let url = try reader.readBytes(urlLength)
        let body = try reader.readBytes(Int(dataLength))
        guard Self.checksum(url: url, body: body, stored: stored, version: fileVersion) == checksum else {
          throw .init(reason: "checksum mismatch")
        }
        guard let key = String(validating: url, as: UTF8.self) else { throw .init(reason: "invalid UTF-8") }
        return Contents(
          key: key, data: Data(body), stored: Date(timeIntervalSinceReferenceDate: Double(bitPattern: stored)))
      }
    }
    return try result.get()
  }
}
