import Foundation

extension ImageIndexFile {
  /// Why the index's journal or the images' directory could not be written.
  struct JournalError: Error {
    let path: String
    let reason: String
  }

  /// The journal as this instance last read or wrote it: its inode, size and change time. A compaction replaces the
  /// file and an append grows it; the change time, to the nanosecond, tells a new file from an old one whose inode
  /// number came back with the same size.
  struct JournalIdentity: Equatable {
    let inode: UInt64
    let size: Int64
    let changed: (seconds: Int, nanoseconds: Int)

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.inode == rhs.inode && lhs.size == rhs.size && lhs.changed == rhs.changed
    }
  }
}
