import Foundation

/// ``FileSystemPageStore``'s page list, `pages`: an append-only journal of pages, each page appended and flushed as
/// one record, the whole file rewritten atomically by a replace.
///
/// ```
/// header  magic "EFPG" | version u16 | reserved u16 | committed length u64
/// record  payload length u32 | payload: image count u32 | images (as in the feed file) | checksum u64 (of the payload)
/// ```
///
/// An append writes its record past the committed length and flushes it, then writes the new committed length into
/// the header and flushes that: a reader reads up to the committed length alone, so it sees an append whole or not at
/// all, and bytes past it are an append that never returned (killed, or cut by a power failure), dropped by the next.
/// A file shorter than its committed length lost pages it had acknowledged, and is an error, as is any other damage
/// below it (a checksum, a length that leaves the file): never a shorter list.
enum PageJournal {
  static let format = JournalFormat(magic: 0x4750_4645, version: 1, name: "page list")  // "EFPG"
  static let headerSize = JournalFormat.headerSize + 8
  /// Where the committed length is, in the header.
  static let committedOffset = JournalFormat.headerSize

  /// A whole journal holding `images` as one page; a header alone when there are none.
  static func file(_ images: [LocalFeedImage]) -> [UInt8] {
    let page = images.isEmpty ? [] : record(images)
    var writer = BinaryWriter(capacity: headerSize)
    for byte in format.header { writer.append(byte) }
    writer.append(UInt64(headerSize + page.count))
    return writer.bytes + page
  }

  /// One page's record.
  static func record(_ images: [LocalFeedImage]) -> [UInt8] {
    var writer = BinaryWriter(capacity: 16 + images.count * 160)
    writer.append(UInt32(0))  // the payload's length, set below
    writer.append(UInt32(truncatingIfNeeded: images.count))
    for image in images { FeedFileFormat.append(image, to: &writer) }
    let length = writer.bytes.count - 4
    let checksum = writer.bytes.withUnsafeBytes { Hash64.hash(UnsafeRawBufferPointer(rebasing: $0[4...])) }
    writer.set(UInt32(truncatingIfNeeded: length), at: 0)
    writer.append(checksum)
    return writer.bytes
  }

  /// The committed length a header holds, checked: at least the header, at most `size` (the file's length).
  static func committedLength(ofHeader header: Data, fileSize size: Int) throws(BinaryReader.Malformed) -> Int {
    let result: Result<Int, BinaryReader.Malformed> = header.withUnsafeBytes { buffer in
      Result { () throws(BinaryReader.Malformed) -> Int in
        var reader = BinaryReader(buffer)
        try format.readHeader(&reader)
        let committed = try reader.read(UInt64.self)
        guard committed >= UInt64(headerSize) else { throw .init(reason: "a committed length inside the header") }
        guard committed <= UInt64(size) else {
          throw .init(reason: "the file has \(size) bytes of the \(committed) it committed: pages were lost")
        }
        return Int(committed)
      }
    }
    return try result.get()
  }

  /// The images of the records in `bytes`, which end exactly at the last record's end.
  static func images(in bytes: Data) throws(BinaryReader.Malformed) -> [LocalFeedImage] {
    let result: Result<[LocalFeedImage], BinaryReader.Malformed> = bytes.withUnsafeBytes { buffer in
      Result { () throws(BinaryReader.Malformed) -> [LocalFeedImage] in
        var reader = BinaryReader(buffer)
        var images: [LocalFeedImage] = []
        while !reader.isAtEnd {
          let length = Int(try reader.read(UInt32.self))
          guard length >= 4, length + 8 <= reader.remaining else { throw .init(reason: "a page longer than the file") }
          let payload = try reader.readBytes(length)
          guard Hash64.hash(payload) == (try reader.read(UInt64.self)) else { throw .init(reason: "checksum mismatch") }
          var page = BinaryReader(payload)
          let count = Int(try page.read(UInt32.self))
          guard count <= page.remaining / FeedFileFormat.smallestImageSize else {
            throw .init(reason: "image count exceeds the page")
          }
          for _ in 0..<count { images.append(try FeedFileFormat.readImage(&page)) }
          guard page.isAtEnd else { throw .init(reason: "trailing bytes in a page") }
        }
        return images
      }
    }
    return try result.get()
  }
}

extension PageJournal {
  /// Reads into `buffer` from `offset` until it is full or the file ends: the bytes read, or -1 (`errno` set).
  static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
    var done = 0
    while done < buffer.count {
      let count = pread(fd, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(offset + done))
      if count < 0, errno == EINTR { continue }
      if count < 0 { return -1 }
      if count == 0 { break }
      done += count
    }
    return done
  }
}
