import Foundation

/// A lock file in a store directory (`images.lock`, `search.lock`, `pending-likes.lock`): every change to the files
/// it guards runs holding it, so two instances (two processes) never interleave a read and the write that follows
/// it. Opened once, by the first change that needs it; releasing it closes the descriptor, and does no other I/O.
final class DirectoryLock {
  private let directory: FileSystemStoreDirectory
  private let name: String
  /// The lock file, open once a change needed it (or -1).
  private var descriptor: Int32 = -1

  /// A lock on the file `name` in `directory`; nothing is opened until `holding(creating:_:)`.
  init(_ name: String, in directory: FileSystemStoreDirectory) {
    self.directory = directory
    self.name = name
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Closes the lock file, if open; the next change opens it again. Changes never suspend, so none holds it now.
  func closeFile() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }

  /// Runs `body` holding the lock (opened once, the directory made first if need be).
  ///
  /// - Parameter creating: Whether the change writes (the directory and the lock are made); a delete or a read passes
  ///   `false`, and where there is no directory to lock, or the lock cannot be made (nothing can be written there),
  ///   runs `body` unlocked: it can change nothing another instance could race with. A directory without the lock
  ///   file (written before it existed) gets one.
  /// - Throws: ``FileFeedStoreError/invalidLocation(_:)``; ``FileFeedStoreError/insertionFailed(path:reason:)`` when
  ///   `creating` and the lock cannot be made; what `body` throws.
  func holding<T>(
    creating: Bool = true, _ body: () throws(FileFeedStoreError) -> T
  ) throws(FileFeedStoreError) -> T {
    try directory.checkLocation()
    if descriptor < 0 {
      let path = directory.file(name)
      do {
        if creating { try AtomicFile.createDirectory(directory.path) }
        descriptor = try AtomicFile.openRegular(path, O_RDWR | O_CREAT) ?? -1
      } catch {
        if creating { throw .insertionFailed(path: path, reason: error.reason) }
      }
    }
    let lock = descriptor
    guard lock >= 0 else { return try body() }
    while flock(lock, LOCK_EX) != 0, errno == EINTR {}
    defer { flock(lock, LOCK_UN) }
    return try body()
  }
}
