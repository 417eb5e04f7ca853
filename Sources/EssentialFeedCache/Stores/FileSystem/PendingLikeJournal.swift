import EssentialFeed
import Foundation

/// ``FileSystemFeedStore``'s pending likes, `pending-likes`: an append-only journal flushed on every append (an
/// action is stored before it is sent), compacted (rewritten atomically) when it holds more than twice its actions.
///
/// ```
/// header: magic "EFPL" | version u16 | reserved u16
/// record (64 bytes): kind u8 | reserved 7 | action id 16 | image id 16 | timestamp u64 | reserved 8 | checksum u64
/// ```
///
/// Kinds: 1 enqueue a like, 2 enqueue a discard, 3 remove (only the action id is set). A last record cut short, or
/// whole but failing its checksum, is an append that never returned (killed or cut by a power failure midway): it is
/// dropped. Any other damage is an error, never a guess: a record whose checksum holds but whose kind is unknown too.
/// An action id is one action: a later enqueue record with the id of an action pending for another image replaces
/// it, so that the id's answer removes it.
enum PendingLikeJournal {
  static let magic: UInt32 = 0x4C50_4645  // "EFPL" read as little-endian bytes
  static let version: UInt16 = 1
  static let headerSize = JournalFormat.headerSize
  static let recordSize = 64
  private static let noImage = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  enum Record: Equatable {
    case enqueue(PendingLikeAction)
    case remove(UUID)
  }

  static let format = JournalFormat(magic: magic, version: version, name: "pending likes journal")

  static func header() -> [UInt8] {
    format.header
  }

  static func encode(_ records: [Record]) -> [UInt8] {
    var writer = BinaryWriter(capacity: records.count * recordSize)
    for record in records {
      let start = writer.bytes.count
      switch record {
      case .enqueue(let action):
        writer.append(UInt64(action.kind == .like ? 1 : 2))  // the kind byte and the 7 reserved, little-endian
        writer.append(action.id)
        writer.append(action.imageID)
        writer.append(action.timestamp.timeIntervalSinceReferenceDate.bitPattern)
      case .remove(let id):
        writer.append(UInt64(3))
        writer.append(id)
        writer.append(noImage)
        writer.append(UInt64(0))
      }
      writer.append(UInt64(0))
      JournalFormat.sealRecord(&writer, from: start)
    }
    return writer.bytes
  }

  /// The records of a journal file, and the whole records' length (a torn last record is left out).
  static func decode(_ file: Data) throws(BinaryReader.Malformed) -> (records: [Record], length: Int) {
    let result: Result<([Record], Int), BinaryReader.Malformed> = file.withUnsafeBytes { buffer in
      Result { () throws(BinaryReader.Malformed) -> ([Record], Int) in
        var reader = BinaryReader(buffer)
        try format.readHeader(&reader)
        var records: [Record] = []
        while reader.remaining >= recordSize {
          let start = reader.offset
          let fields: BinaryReader
          do throws(BinaryReader.Malformed) {
            fields = try JournalFormat.openRecord(&reader, size: recordSize)
          } catch {
            // The last record, whole in length but failing its checksum: an append a power cut tore before its
            // flush returned, so never acknowledged. Dropped, as a record cut short is.
            guard reader.remaining < recordSize, reader.offset - start == recordSize else { throw error }
            return (records, start)
          }
          // A record whose checksum holds was written whole, on purpose: an unknown kind in it is damage, never
          // a tear to drop.
          records.append(try decodeRecord(fields))
        }
        return (records, reader.offset)
      }
    }
    return try result.get()
  }

  /// Every record a damaged journal still holds whole: each record after the header is checked on its own, and one
  /// that fails (a changed byte, an unknown kind) is counted and skipped, whatever the header says.
  static func salvage(_ file: Data) -> (records: [Record], dropped: Int) {
    file.withUnsafeBytes { buffer in
      guard buffer.count >= headerSize else { return ([], 0) }
      var reader = BinaryReader(buffer, offset: headerSize)
      var (records, dropped) = ([Record](), 0)
      while reader.remaining >= recordSize {
        do throws(BinaryReader.Malformed) {
          records.append(try decodeRecord(try JournalFormat.openRecord(&reader, size: recordSize)))
        } catch {
          dropped += 1  // openRecord read the whole record either way: the next one starts where it ends
        }
      }
      return (records, dropped)
    }
  }

  private static func decodeRecord(_ record: BinaryReader) throws(BinaryReader.Malformed) -> Record {
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

  /// Appends `records` to the journal open at `fd` (in append mode) and flushes them to the disk before returning;
  /// with `cut`, a record cut short by a killed writer is first cut back to the last whole one.
  static func append(_ records: [Record], to fd: Int32, validLength: Int, cut: Bool) throws(AtomicFile.SystemError) {
    if cut, ftruncate(fd, off_t(validLength)) != 0 { throw AtomicFile.SystemError(errno: errno) }
    let failure = AtomicFile.writeAll(Data(encode(records)), to: fd)
    guard failure == 0, fsync(fd) == 0 else {
      let code = failure != 0 ? failure : errno
      _ = ftruncate(fd, off_t(validLength))
      throw AtomicFile.SystemError(errno: code)
    }
  }
}
