import Foundation

/// The files of the pending likes: the journal kept open for appending, and the lock two instances share.
extension FileSystemFeedStore {
  /// Runs a change holding `pending-likes.lock`, so two instances (two processes) never interleave a read and the
  /// write that follows it.
  func locked<T>(_ body: () throws(FileFeedStoreError) -> T) throws(FileFeedStoreError) -> T {
    try checkLocation()
    if pendingLikesLock < 0 {
      do {
        try AtomicFile.createDirectory(directoryPath)
      } catch {
        throw .insertionFailed(path: directoryPath, reason: error.reason)
      }
      let path = StorePath.appending("pending-likes.lock", to: directoryPath)
      do {
        pendingLikesLock = try AtomicFile.openRegular(path, O_RDWR | O_CREAT) ?? -1
      } catch {
        throw .insertionFailed(path: path, reason: error.reason)
      }
    }
    while flock(pendingLikesLock, LOCK_EX) != 0, errno == EINTR {}
    defer { flock(pendingLikesLock, LOCK_UN) }
    return try body()
  }

  /// The journal, open for appending across operations: an append is one write and one flush.
  func openPendingLikesFile() throws(AtomicFile.SystemError) -> Int32 {
    if pendingLikesFile >= 0 { return pendingLikesFile }
    guard let fd = try AtomicFile.openRegular(pendingLikesPath, O_RDWR | O_APPEND) else {
      throw AtomicFile.SystemError(errno: ENOENT)
    }
    pendingLikesFile = fd
    return fd
  }

  func closePendingLikesFile() {
    if pendingLikesFile >= 0 { close(pendingLikesFile) }
    pendingLikesFile = -1
  }
}
