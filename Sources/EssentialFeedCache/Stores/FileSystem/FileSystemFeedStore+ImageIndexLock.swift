import Foundation

/// Two instances, or two processes, on one directory: every change to the image index runs holding `images.lock`,
/// and reads the index again first when another writer changed its journal since this instance last saw it.
extension FileSystemFeedStore {
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

  /// Runs `body` holding `images.lock`, with the index read again if another writer changed it.
  ///
  /// - Parameters:
  ///   - creating: Whether to create the store's directory for the lock (an insert); otherwise a store with no
  ///     directory, or one it may not write (read-only), runs `body` unlocked: there is nothing it could change. A
  ///     directory without the lock file (written before it existed) gets one.
  func imagesLocked<T>(
    creating: Bool, _ body: () throws(FileFeedStoreError) -> T
  ) throws(FileFeedStoreError) -> T {
    try checkLocation()
    let path = StorePath.appending("images.lock", to: directoryPath)
    if imagesLock < 0 {
      do {
        if creating { try AtomicFile.createDirectory(directoryPath) }
        imagesLock = try AtomicFile.openRegular(path, O_RDWR | O_CREAT) ?? -1
      } catch {
        if creating { throw .insertionFailed(path: path, reason: error.reason) }
      }
    }
    guard imagesLock >= 0 else { return try body() }
    while flock(imagesLock, LOCK_EX) != 0, errno == EINTR {}
    defer { flock(imagesLock, LOCK_UN) }
    if imageIndex != nil, knownJournal != currentJournal() {
      imageIndex = nil  // Another writer changed it: the next look loads it again, with this one's pending uses.
    }
    return try body()
  }

  /// The journal's identity on disk now, or `nil` when there is none.
  func currentJournal() -> JournalIdentity? {
    var info = stat()
    guard stat(indexLocation.journal, &info) == 0 else { return nil }
    #if os(Linux)
      let changed = (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
    #else
      let changed = (Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec))
    #endif
    return JournalIdentity(inode: UInt64(info.st_ino), size: Int64(info.st_size), changed: changed)
  }
}
