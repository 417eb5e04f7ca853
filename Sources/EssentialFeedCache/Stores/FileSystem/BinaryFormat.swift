import Foundation

/// Little-endian binary encoding for the file-system store's files: fast to write and read, versioned, and checked
/// on read (magic, version, lengths, checksum, valid UTF-8), so a corrupt file is an error and never a crash.
struct BinaryWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  mutating func append<T: FixedWidthInteger>(_ value: T) {
    var value = value  // the low byte first, whatever the host's byte order
    for _ in 0..<MemoryLayout<T>.size {  // byte by byte: a generic append of a raw buffer costs ten times as much
      bytes.append(UInt8(truncatingIfNeeded: value))
      value >>= 8
    }
  }

  mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { utf8 in
      append(UInt32(truncatingIfNeeded: utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func append(_ uuid: UUID) {
    withUnsafeBytes(of: uuid.uuid) { bytes.append(contentsOf: $0) }
  }

  /// Overwrites a previously appended integer at `offset`, for fields known only at the end (checksum, length).
  mutating func set<T: FixedWidthInteger>(_ value: T, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { source in
      for (index, byte) in source.enumerated() { bytes[offset + index] = byte }
    }
  }
}

/// Reads what ``BinaryWriter`` wrote, failing on any read past the end.
struct BinaryReader {
  struct Malformed: Error {
    let reason: String
  }

  private let buffer: UnsafeRawBufferPointer
  private(set) var offset: Int

  init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
    self.buffer = buffer
    self.offset = offset
  }

  var isAtEnd: Bool { offset == buffer.count }
  var remaining: Int { buffer.count - offset }

  mutating func read<T: FixedWidthInteger>(_: T.Type) throws(Malformed) -> T {
    let size = MemoryLayout<T>.size
    guard remaining >= size else { throw Malformed(reason: "truncated") }
    defer { offset += size }
    return T(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: T.self))
  }

  mutating func readUUID() throws(Malformed) -> UUID {
    guard remaining >= 16 else { throw Malformed(reason: "truncated") }
    defer { offset += 16 }
    return UUID(uuid: buffer.loadUnaligned(fromByteOffset: offset, as: uuid_t.self))
  }

  mutating func readString() throws(Malformed) -> String {
    let count = Int(try read(UInt32.self))
    let bytes = try readBytes(count)
    guard let string = String(validating: bytes, as: UTF8.self) else { throw Malformed(reason: "invalid UTF-8") }
    return string
  }

  mutating func readBytes(_ count: Int) throws(Malformed) -> UnsafeRawBufferPointer {
    guard count >= 0, remaining >= count else { throw Malformed(reason: "truncated") }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
  }
}

/// A fast 64-bit hash over whole words (not cryptographic): the files' checksum, and image file names.
enum Hash64 {
  static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    var state: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      state = mix(state ^ word)
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count {
      tail |= UInt64(bytes[offset]) << shift
      shift += 8
      offset += 1
    }
    return mix(mix(state ^ tail))
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value &* 0xBF58_476D_1CE4_E5B9
    z ^= z >> 31
    return z &* 0x94D0_49BB_1331_11EB
  }
}
