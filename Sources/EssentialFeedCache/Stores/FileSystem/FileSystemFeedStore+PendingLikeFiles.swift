import Foundation

/// The files of the pending likes: the journal kept open for appending, and the lock two instances share.
extension FileSystemFeedStore {
  /// Runs a change holding `pending-likes.lock`, so two instances (two processes) never interleave a read and the
  /// write that follows it.
  func locked<T>(_ body: () throws(FileFeedStoreError) -> T) throws(FileFeedStoreError) -> T {
    try holding("pending-likes.lock", &pendingLikesLock, body)
  }

  /// Runs a change holding the lock file `name` (opened once into `lock`, the directory made first if need be).
  ///
  /// - Parameter creating: Whether the change writes (the directory and the lock are made); a delete passes `false`,
  ///   and where there is no directory to lock, or the lock cannot be made (nothing can be written there), runs
  ///   `body` unlocked: it can change nothing another instance could race with.
  func holding<T>(
    _ name: String, _ lock: inout Int32, creating: Bool = true, _ body: () throws(FileFeedStoreError) -> T
  ) throws(FileFeedStoreError) -> T {
    try checkLocation()
    if lock < 0 {
      let path = StorePath.appending(name, to: directoryPath)
      do {
        if creating { try AtomicFile.createDirectory(directoryPath) }
        lock = try AtomicFile.openRegular(path, O_RDWR | O_CREAT) ?? -1
      } catch {
        if creating { throw .insertionFailed(path: path, reason: error.reason) }
      }
    }
    guard lock >= 0 else { return try body() }
    while flock(lock, LOCK_EX) != 0, errno == EINTR {}
    defer { flock(lock, LOCK_UN) }
    return try body()
  }

  /// The journal, open for appending across operations: an append is one write and one flush.
  func openPendingLikesFile() throws(AtomicFile.SystemError) -> Int32 {
    if pendingLikesFile >= 0 { return pendingLikesFile }
    guard let fd = try AtomicFile.openRegular(pendingLikesPath, O_RDWR) else {
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
