import Foundation

/// Two instances, or two processes, on one directory: every change to the image index runs holding `images.lock`,
/// and reads the index again first when another writer changed its journal since this instance last saw it.
extension FileSystemFeedStore {
  /// The journal as this instance last read or wrote it: its inode and size. A compaction replaces the file (a new
  /// inode) and an append grows it, so either change by another writer shows.
  struct JournalIdentity: Equatable {
    let inode: UInt64
    let size: Int64
  }

  /// Runs `body` holding `images.lock`, with the index read again if another writer changed it.
  ///
  /// - Parameters:
  ///   - creating: Whether to create the store's directory for the lock (an insert); otherwise a store with no
  ///     directory, or one it may not write (read-only), runs `body` unlocked: there is nothing to change.
  func imagesLocked<T>(
    creating: Bool, _ body: () throws(FileFeedStoreError) -> T
  ) throws(FileFeedStoreError) -> T {
    try checkLocation()
    let path = StorePath.appending("images.lock", to: directoryPath)
    if imagesLock < 0 {
      do {
        if creating { try AtomicFile.createDirectory(directoryPath) }
        imagesLock = try AtomicFile.openRegular(path, O_RDWR | (creating ? O_CREAT : 0)) ?? -1
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
    return JournalIdentity(inode: UInt64(info.st_ino), size: Int64(info.st_size))
  }
}
