import Foundation

/// The feed file of ``FileSystemFeedCache`` (and, with the keyword first, the search file of
/// ``FileSystemSearchStore``), version 1:
///
/// ```
/// header   magic "EFFD" | version u16 | reserved u16 | payload length u64 | checksum u64 (of the payload)
/// payload  timestamp (Double bits) u64 | image count u32 | images
/// image    id (16 bytes) | flags u8 (1: description, 2: location) | [description] | [location] | url
/// strings  length u32 | UTF-8 bytes
/// ```
///
/// The search file is the same with magic "EFSR" and the keyword (a string) first in the payload.
enum FeedFileFormat {
  static let magic: UInt32 = 0x4446_4645  // "EFFD" read as little-endian bytes
  static let searchMagic: UInt32 = 0x5253_4645  // "EFSR"
  static let version: UInt16 = 1
  static let headerSize = 4 + 2 + 2 + 8 + 8

  static func encode(_ feed: [LocalFeedImage], timestamp: Date, keyword: String? = nil) -> [UInt8] {
    var writer = BinaryWriter(capacity: headerSize + 12 + feed.count * 160)
    writer.append(keyword == nil ? magic : searchMagic)
    writer.append(version)
    writer.append(UInt16(0))
    writer.append(UInt64(0))  // payload length, set below
    writer.append(UInt64(0))  // checksum, set below
    if let keyword { writer.append(keyword) }
    writer.append(timestamp.timeIntervalSinceReferenceDate.bitPattern)
    writer.append(UInt32(truncatingIfNeeded: feed.count))
    for image in feed { append(image, to: &writer) }
    let payloadLength = writer.bytes.count - headerSize
    let checksum = writer.bytes.withUnsafeBytes { Hash64.hash(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
    writer.set(UInt64(payloadLength), at: 8)
    writer.set(checksum, at: 16)
    return writer.bytes
  }

  static func decode(_ data: Data) throws(BinaryReader.Malformed) -> CachedFeed {
    try decode(data, search: false).feed
  }

  /// The search a search file holds.
  static func decodeSearch(_ data: Data) throws(BinaryReader.Malformed) -> CachedSearch {
    let (feed, keyword) = try decode(data, search: true)
    return CachedSearch(keyword: keyword ?? "", results: feed.feed, timestamp: feed.timestamp)
  }

  private static func decode(
    _ data: Data, search: Bool
  ) throws(BinaryReader.Malformed) -> (feed: CachedFeed, keyword: String?) {
    let result: Result<(CachedFeed, String?), BinaryReader.Malformed> = data.withUnsafeBytes { buffer in
      Result { () throws(BinaryReader.Malformed) -> (CachedFeed, String?) in try decode(buffer, search: search) }
    }
    return try result.get()
  }

  private static func decode(
    _ buffer: UnsafeRawBufferPointer, search: Bool
  ) throws(BinaryReader.Malformed) -> (CachedFeed, String?) {
    var header = BinaryReader(buffer)
    guard try header.read(UInt32.self) == (search ? searchMagic : magic) else {
      throw .init(reason: search ? "not a search cache file" : "not a feed cache file")
    }
    let fileVersion = try header.read(UInt16.self)
    guard fileVersion == version else { throw .init(reason: "unknown format version \(fileVersion)") }
    guard try header.read(UInt16.self) == 0 else { throw .init(reason: "unknown flags") }
    let payloadLength = try header.read(UInt64.self)
    let checksum = try header.read(UInt64.self)
    guard payloadLength == UInt64(header.remaining) else { throw .init(reason: "length mismatch") }
    let payload = UnsafeRawBufferPointer(rebasing: buffer[headerSize...])
    guard Hash64.hash(payload) == checksum else { throw .init(reason: "checksum mismatch") }

    var reader = BinaryReader(buffer, offset: headerSize)
    let keyword = search ? try reader.readString() : nil
    let timestamp = Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.read(UInt64.self)))
    let count = Int(try reader.read(UInt32.self))
    guard count <= reader.remaining / smallestImageSize else { throw .init(reason: "image count exceeds the file") }
    var feed: [LocalFeedImage] = []
    feed.reserveCapacity(count)
    for _ in 0..<count { feed.append(try readImage(&reader)) }
    guard reader.isAtEnd else { throw .init(reason: "trailing bytes") }
    return (CachedFeed(feed: feed, timestamp: timestamp), keyword)
  }

  /// The smallest image: its id, its flags and an empty URL's length.
  static let smallestImageSize = 21

  /// Appends `image` (id, flags, description and location when present, URL), as every image of the feed file.
  static func append(_ image: LocalFeedImage, to writer: inout BinaryWriter) {
    writer.append(image.id)
    writer.append(UInt8((image.description == nil ? 0 : 1) | (image.location == nil ? 0 : 2)))
    if let description = image.description { writer.append(description) }
    if let location = image.location { writer.append(location) }
    writer.append(image.url.absoluteString)
  }

  /// Reads an image ``append(_:to:)`` wrote.
  static func readImage(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> LocalFeedImage {
    let id = try reader.readUUID()
    let flags = try reader.read(UInt8.self)
    guard flags & ~3 == 0 else { throw .init(reason: "unknown image flags") }
    let description = flags & 1 != 0 ? try reader.readString() : nil
    let location = flags & 2 != 0 ? try reader.readString() : nil
    guard let url = URL(string: try reader.readString()) else { throw .init(reason: "invalid image URL") }
    return LocalFeedImage(id: id, description: description, location: location, url: url)
  }
}
