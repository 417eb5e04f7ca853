import Foundation

/// The file that indexes ``FileSystemImageDataStore``'s images, `images.index`: an append-only journal, so an insert
/// appends two records instead of rewriting the index, compacted (rewritten atomically) when it has grown to more
/// than twice its live entries. The scheme of OkHttp's `DiskLruCache`: a `dirty` record before a file is written and
/// a `clean` one after, so a writer killed in between leaves a `dirty` entry whose file the next load deletes, never
/// a file the index does not count.
///
/// ```
/// header: magic "EFIX" | version u16 | reserved u16
/// record (64 bytes): kind u8 | reserved 7 | digest 32 | size u64 | stored u64 | checksum u64 of the 56 before
///
/// `stored` is the bit pattern of `Date.timeIntervalSinceReferenceDate`; size and stored are zero but in `clean`.
/// ```
enum ImageIndexJournal {
  static let magic: UInt32 = 0x5849_4645  // "EFIX" read as little-endian bytes
  static let version: UInt16 = 1
  static let headerSize = JournalFormat.headerSize
  static let recordSize = 64

  /// One change to the index.
  enum Record: Equatable {
    /// A file for the digest is about to be written: until a `clean` record follows, its file is not to be trusted.
    case dirty(SHA256)
    /// The digest's file holds `size` bytes of image data, stored at `stored`.
    case clean(SHA256, size: Int, stored: Date)
    /// The digest's entry was used (read).
    case read(SHA256)
    /// The digest's entry and file were removed.
    case removed(SHA256)

    /// The size a `clean` record gives, else 0.
    var size: Int {
      if case .clean(_, let size, _) = self { size } else { 0 }
    }
  }

  static let format = JournalFormat(magic: magic, version: version, name: "image index")

  static func header() -> [UInt8] {
    format.header
  }

  /// `records` as bytes to append.
  static func encode(_ records: [Record]) -> [UInt8] {
    var writer = BinaryWriter(capacity: records.count * recordSize)
    for record in records {
      let start = writer.bytes.count
      let (kind, digest, size, stored): (UInt8, SHA256, UInt64, UInt64) =
        switch record {
        case .dirty(let digest): (1, digest, 0, 0)
        case .clean(let digest, let size, let stored):
          (2, digest, UInt64(max(0, size)), stored.timeIntervalSinceReferenceDate.bitPattern)
        case .read(let digest): (3, digest, 0, 0)
        case .removed(let digest): (4, digest, 0, 0)
        }
      writer.append(UInt64(kind))  // the kind byte and the 7 reserved, little-endian
      writer.append(digest.word0)
      writer.append(digest.word1)
      writer.append(digest.word2)
      writer.append(digest.word3)
      writer.append(size)
      writer.append(stored)
      JournalFormat.sealRecord(&writer, from: start)
    }
    return writer.bytes
  }

  /// The records of a whole journal file; any damage (a bad header, a torn or altered record) is an error.
  static func decode(_ file: Data) throws(BinaryReader.Malformed) -> [Record] {
    let result: Result<[Record], BinaryReader.Malformed> = file.withUnsafeBytes { buffer in
      Result { () throws(BinaryReader.Malformed) -> [Record] in
        var reader = BinaryReader(buffer)
        try format.readHeader(&reader)
        guard reader.remaining % recordSize == 0 else { throw .init(reason: "a torn record at the end") }
        var records: [Record] = []
        records.reserveCapacity(reader.remaining / recordSize)
        while !reader.isAtEnd { records.append(try decodeRecord(&reader)) }
        return records
      }
    }
    return try result.get()
  }

  private static func decodeRecord(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Record {
    var fields = try JournalFormat.openRecord(&reader, size: recordSize)
    let kind = try fields.read(UInt8.self)
    guard try fields.readBytes(7).allSatisfy({ $0 == 0 }) else { throw .init(reason: "unknown flags") }
    let digest = SHA256(
      word0: try fields.read(UInt64.self), word1: try fields.read(UInt64.self), word2: try fields.read(UInt64.self),
      word3: try fields.read(UInt64.self))
    let size = try fields.read(UInt64.self)
    let stored = try fields.read(UInt64.self)
    guard kind == 2 || (size == 0 && stored == 0) else { throw .init(reason: "fields a \(kind) record never has") }
    switch kind {
    case 1: return .dirty(digest)
    case 2:
      guard size <= UInt64(Int.max) else { throw .init(reason: "an impossible size") }
      return .clean(digest, size: Int(size), stored: Date(timeIntervalSinceReferenceDate: Double(bitPattern: stored)))
    case 3: return .read(digest)
    case 4: return .removed(digest)
    default: throw .init(reason: "unknown record kind \(kind)")
    }
  }

  /// Appends `records` to the journal at `path`. A missing journal is an error (`ENOENT`), never created here: a
  /// journal is started whole, by a compaction, so it never lacks the entries before it. A write that fails midway
  /// is cut back, so the file never ends in a torn record this process wrote.
  static func append(_ records: [Record], to path: String) throws(AtomicFile.SystemError) {
    guard !records.isEmpty else { return }
    guard let fd = try AtomicFile.openRegular(path, O_WRONLY | O_APPEND) else {
      throw AtomicFile.SystemError(errno: ENOENT)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw AtomicFile.SystemError(errno: errno) }
    let bytes = (info.st_size == 0 ? header() : []) + encode(records)
    let failure = AtomicFile.writeAll(Data(bytes), to: fd)
    guard failure == 0 else {
      _ = ftruncate(fd, info.st_size)
      throw AtomicFile.SystemError(errno: failure)
    }
  }
}
