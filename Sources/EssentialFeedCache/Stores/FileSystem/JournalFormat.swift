import Foundation

/// What the file-system store's two journals (`images.index`, `pending-likes`) share: an 8-byte header (magic,
/// version, flags 0) and fixed-size records, each ending in a checksum of the bytes before it.
struct JournalFormat {
  static let headerSize = 8

  let magic: UInt32
  let version: UInt16
  /// What the file is, for errors: "image index", "pending likes journal".
  let name: String

  var header: [UInt8] {
    var writer = BinaryWriter(capacity: Self.headerSize)
    writer.append(magic)
    writer.append(version)
    writer.append(UInt16(0))
    return writer.bytes
  }

  /// Reads and checks the header.
  func readHeader(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) {
    guard try reader.read(UInt32.self) == magic else { throw .init(reason: "not a \(name)") }
    let fileVersion = try reader.read(UInt16.self)
    guard fileVersion == version else { throw .init(reason: "unknown \(name) version \(fileVersion)") }
    guard try reader.read(UInt16.self) == 0 else { throw .init(reason: "unknown flags") }
  }

  /// Ends the record begun at `start` with the checksum of its bytes.
  static func sealRecord(_ writer: inout BinaryWriter, from start: Int) {
    let checksum = writer.bytes.withUnsafeBytes { Hash64.hash(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    writer.append(checksum)
  }

  /// Reads a record of `size` bytes, checks its checksum, and returns a reader of its fields.
  static func openRecord(_ reader: inout BinaryReader, size: Int) throws(BinaryReader.Malformed) -> BinaryReader {
    let body = try reader.readBytes(size - 8)
    guard Hash64.hash(body) == (try reader.read(UInt64.self)) else { throw .init(reason: "checksum mismatch") }
    return BinaryReader(body)
  }
}
