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

extension JournalFormat {
  /// Appends `bytes` to the journal open at `fd` after its `committed` bytes (cutting what a killed writer left past
  /// them), flushes them, then commits them: writes the new committed length (a `UInt64`) at `lengthOffset` in the
  /// header and flushes that. On an error the journal still commits what it did.
  static func appendCommitted(
    _ bytes: [UInt8], to fd: Int32, committed: Int, lengthOffset: Int
  ) throws(AtomicFile.SystemError) {
    let failure = bytes.withUnsafeBytes { buffer in
      do throws(AtomicFile.SystemError) {
        try appendCommitted(buffer, to: fd, committed: committed, lengthOffset: lengthOffset)
        return AtomicFile.SystemError?.none
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// ``appendCommitted(_:to:committed:lengthOffset:)-([UInt8],_,_,_)`` of bytes in a buffer.
  static func appendCommitted(
    _ bytes: UnsafeRawBufferPointer, to fd: Int32, committed: Int, lengthOffset: Int
  ) throws(AtomicFile.SystemError) {
    // The new length written from the stack: an append allocates nothing of its own (issue 44).
    let length = UInt64(committed + bytes.count).littleEndian
    let done = withUnsafeBytes(of: length) { header in
      ftruncate(fd, off_t(committed)) == 0 && write(bytes, to: fd, at: committed) && fsync(fd) == 0
        && write(header, to: fd, at: lengthOffset) && fsync(fd) == 0
    }
    guard done else {
      let code = errno
      _ = ftruncate(fd, off_t(committed))
      throw AtomicFile.SystemError(errno: code)
    }
  }

  private static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32, at offset: Int) -> Bool {
    var written = 0
    while written < buffer.count {
      let count = pwrite(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written, off_t(offset + written))
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      written += count
    }
    return true
  }
}
