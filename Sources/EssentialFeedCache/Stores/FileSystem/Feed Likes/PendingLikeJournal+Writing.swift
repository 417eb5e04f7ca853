import EssentialFeed
import Foundation

extension PendingLikeJournal {
  /// Every record a damaged journal still holds whole: each record after the header is checked on its own, and one
  /// that fails (a changed byte, an unknown kind) is counted and skipped, whatever the header says.
  static func salvage(_ file: Data) -> (records: [Record], dropped: Int) {
    file.withUnsafeBytes { buffer in
      let headerSize = buffer.count >= 6 && buffer[4] == 1 && buffer[5] == 0 ? JournalFormat.headerSize : headerSize
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

  /// Appends `records` to the version 2 journal open at `fd` after its `committed` bytes, flushed, then committed
  /// (``JournalFormat/appendCommitted(_:to:committed:lengthOffset:)``).
  /// The records are encoded in a temporary buffer (on the stack for an enqueue's one record): no array per append.
  static func append(_ records: some Collection<Record>, to fd: Int32, committed: Int) throws(AtomicFile.SystemError) {
    let failure = withUnsafeTemporaryAllocation(byteCount: records.count * recordSize, alignment: 8) { buffer in
      encode(records, into: buffer)
      do throws(AtomicFile.SystemError) {
        try JournalFormat.appendCommitted(
          UnsafeRawBufferPointer(buffer), to: fd, committed: committed, lengthOffset: JournalFormat.headerSize)
        return AtomicFile.SystemError?.none
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// A version 2 header whose committed length is `committed` bytes, the header's included.
  static func header(committed: Int) -> [UInt8] {
    var writer = BinaryWriter(capacity: headerSize)
    for byte in format.header { writer.append(byte) }
    writer.append(UInt64(committed))
    return writer.bytes
  }

  /// A whole version 2 journal holding `records`.
  static func file(_ records: [Record]) -> [UInt8] {
    header(committed: headerSize + records.count * recordSize) + encode(records)
  }

  /// The records' bytes, each stored in place (no byte-by-byte appends: an enqueue pays for one, issue 44).
  static func encode(_ records: [Record]) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: records.count * recordSize) { buffer, count in
      encode(records, into: UnsafeMutableRawBufferPointer(buffer))
      count = records.count * recordSize
    }
  }
}
