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

  /// Appends `records` to the version 2 journal open at `fd` after its `committed` bytes (cutting what a killed
  /// writer left past them), flushes them, then commits them: writes the new committed length into the header and
  /// flushes that. On an error the journal still commits what it did.
  static func append(_ records: [Record], to fd: Int32, committed: Int) throws(AtomicFile.SystemError) {
    let bytes = encode(records)
    let length = committed + bytes.count
    var header = BinaryWriter(capacity: 8)
    header.append(UInt64(length))
    guard ftruncate(fd, off_t(committed)) == 0, write(bytes, to: fd, at: committed), fsync(fd) == 0,
      write(header.bytes, to: fd, at: JournalFormat.headerSize), fsync(fd) == 0
    else {
      let code = errno
      _ = ftruncate(fd, off_t(committed))
      throw AtomicFile.SystemError(errno: code)
    }
  }

  private static func write(_ bytes: [UInt8], to fd: Int32, at offset: Int) -> Bool {
    bytes.withUnsafeBytes { buffer in
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
}
