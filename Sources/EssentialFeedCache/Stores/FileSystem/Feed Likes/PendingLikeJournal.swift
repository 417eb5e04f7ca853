import EssentialFeed
import Foundation

/// ``FileSystemPendingLikeStore``'s pending likes, `pending-likes`: an append-only journal flushed on every append (an
/// action is stored before it is sent), compacted (rewritten atomically) when it holds more than twice its actions.
///
/// ```
/// header (version 2): magic "EFPL" | version u16 | reserved u16 | committed length u64
/// record (64 bytes): kind u8 | reserved 7 | action id 16 | image id 16 | timestamp u64 | reserved 8 | checksum u64
/// ```
///
/// Kinds: 1 enqueue a like, 2 enqueue a discard, 3 remove (only the action id is set). An append writes its record
/// past the committed length and flushes it, then writes the new committed length into the header and flushes that:
/// bytes past the committed length are an append that never returned (killed or cut by a power failure midway), and
/// are dropped; a file shorter than its committed length lost records it had acknowledged, and is an error, as is
/// any other damage below it, never a shorter queue. A record whose checksum holds but whose kind is unknown is an
/// error too. Version 1 (an 8-byte header, no committed length: a last record cut short or failing its checksum was
/// dropped) is still read, and rewritten as version 2 by the next change.
/// An action id is one action: a later enqueue record with the id of an action pending for another image replaces
/// it, so that the id's answer removes it.
enum PendingLikeJournal {
  static let magic: UInt32 = 0x4C50_4645  // "EFPL" read as little-endian bytes
  static let version: UInt16 = 2
  /// The header of version 2: the shared 8 bytes, then the committed length.
  static let headerSize = JournalFormat.headerSize + 8
  static let recordSize = 64
  private static let noImage = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  enum Record: Equatable {
    case enqueue(PendingLikeAction)
    case remove(UUID)
  }

  static let format = JournalFormat(magic: magic, version: version, name: "pending likes journal")
  static let formatVersion1 = JournalFormat(magic: magic, version: 1, name: "pending likes journal")

  /// Stores `records` at the start of `bytes`, which holds at least `records.count` records.
  static func encode(_ records: some Collection<Record>, into bytes: UnsafeMutableRawBufferPointer) {
    for (index, record) in records.enumerated() {
      let start = index * recordSize
      let (kind, id, imageID, timestamp): (UInt64, UUID, UUID, UInt64) =
        switch record {
        case .enqueue(let action):
          (
            action.kind == .like ? 1 : 2, action.id, action.imageID,
            action.timestamp.timeIntervalSinceReferenceDate.bitPattern
          )
        case .remove(let id): (3, id, noImage, 0)
        }
      // The kind byte and the 7 reserved, the ids, the timestamp and 8 reserved, little-endian; then the checksum.
      bytes.storeBytes(of: kind.littleEndian, toByteOffset: start, as: UInt64.self)
      bytes.storeBytes(of: id.uuid, toByteOffset: start + 8, as: uuid_t.self)
      bytes.storeBytes(of: imageID.uuid, toByteOffset: start + 24, as: uuid_t.self)
      bytes.storeBytes(of: timestamp.littleEndian, toByteOffset: start + 40, as: UInt64.self)
      bytes.storeBytes(of: UInt64(0), toByteOffset: start + 48, as: UInt64.self)
      let checksum = Hash64.hash(UnsafeRawBufferPointer(rebasing: bytes[start..<start + recordSize - 8]))
      bytes.storeBytes(of: checksum.littleEndian, toByteOffset: start + recordSize - 8, as: UInt64.self)
    }
  }

  /// What a journal file holds: its records, the length they end at (bytes past it are a torn append), and its
  /// version.
  struct Contents {
    var records: [Record]
    var length: Int
    var version: UInt16
  }

  /// The records of a journal file of either version.
  static func decode(_ file: Data) throws(BinaryReader.Malformed) -> Contents {
    let result: Result<Contents, BinaryReader.Malformed> = file.withUnsafeBytes { buffer in
      Result { () throws(BinaryReader.Malformed) -> Contents in
        var reader = BinaryReader(buffer)
        do throws(BinaryReader.Malformed) {
          try format.readHeader(&reader)
        } catch {
          var first = BinaryReader(buffer)
          try formatVersion1.readHeader(&first)
          return try decodeVersion1(&first)
        }
        let committed = try reader.read(UInt64.self)
        guard committed >= UInt64(headerSize), (Int(committed) - headerSize) % recordSize == 0 else {
          throw .init(reason: "a committed length of \(committed) bytes")
        }
        guard Int(committed) <= buffer.count else {
          throw .init(reason: "cut short: \(buffer.count) bytes of the \(committed) it committed")
        }
        var records: [Record] = []
        while reader.offset < Int(committed) {
          records.append(try decodeRecord(try JournalFormat.openRecord(&reader, size: recordSize)))
        }
        return Contents(records: records, length: Int(committed), version: version)
      }
    }
    return try result.get()
  }

  /// Version 1: whole records after the header, a last one cut short or failing its checksum dropped.
  private static func decodeVersion1(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Contents {
    var records: [Record] = []
    while reader.remaining >= recordSize {
      let start = reader.offset
      let fields: BinaryReader
      do throws(BinaryReader.Malformed) {
        fields = try JournalFormat.openRecord(&reader, size: recordSize)
      } catch {
        guard reader.remaining < recordSize, reader.offset - start == recordSize else { throw error }
        return Contents(records: records, length: start, version: 1)
      }
      records.append(try decodeRecord(fields))
    }
    return Contents(records: records, length: reader.offset, version: 1)
  }

  static func decodeRecord(_ record: BinaryReader) throws(BinaryReader.Malformed) -> Record {
    var fields = record
    let kind = try fields.read(UInt8.self)
    guard try fields.readBytes(7).allSatisfy({ $0 == 0 }) else { throw .init(reason: "unknown flags") }
    let id = try fields.readUUID()
    let imageID = try fields.readUUID()
    let timestamp = try fields.read(UInt64.self)
    guard try fields.read(UInt64.self) == 0 else { throw .init(reason: "unknown flags") }
    switch kind {
    case 1, 2:
      let date = Date(timeIntervalSinceReferenceDate: Double(bitPattern: timestamp))
      return .enqueue(PendingLikeAction(id: id, imageID: imageID, kind: kind == 1 ? .like : .discard, timestamp: date))
    case 3:
      guard imageID == noImage, timestamp == 0 else { throw .init(reason: "a remove record with fields") }
      return .remove(id)
    default: throw .init(reason: "unknown record kind \(kind)")
    }
  }
}
