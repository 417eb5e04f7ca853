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
  static func append(_ records: [Record], to fd: Int32, committed: Int) throws(AtomicFile.SystemError) {
    try JournalFormat.appendCommitted(
      encode(records), to: fd, committed: committed, lengthOffset: JournalFormat.headerSize)
  }
}
