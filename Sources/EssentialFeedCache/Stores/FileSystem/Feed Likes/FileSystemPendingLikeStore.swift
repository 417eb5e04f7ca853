import EssentialFeed
import Foundation

/// Pending likes in a shared ``FileSystemStoreDirectory``: `pending-likes`, an append-only journal flushed on every
/// append (an action, or the removal of one), compacted when mostly of replaced actions, so every change is on disk
/// when it returns. Changes hold `pending-likes.lock`, so two instances (two processes) never interleave a read and
/// the write that follows it; each reads the journal again when another changed it. The directory's other files are
/// other stores' and are never touched.
///
/// An actor on the directory's executor whose operations never suspend: each is atomic, histories are linearizable.
public actor FileSystemPendingLikeStore: PendingLikeActionStore {
  /// The directory the journal lives in.
  public nonisolated let directory: FileSystemStoreDirectory
  /// The journal: built once, as every change of a like looks at it.
  let pendingLikesPath: String
  /// The journal's path as a C string, built once: a `String` passed to `stat` is copied to one on every call.
  let pendingLikesCPath: [CChar]
  /// `pending-likes.lock`, held by every change.
  let lock: DirectoryLock
  /// The pending likes, once an operation has read them, and their journal while open for appending (or -1).
  var pendingLikes: PendingLikes?
  var pendingLikesFile: Int32 = -1

  /// The directory's executor: this store's operations and other stores' on the directory never interleave.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { directory.unownedExecutor }

  /// Creates the pending likes' store in `directory`. Nothing is read or written until an operation.
  ///
  /// - Parameter directory: The directory, shared with the other stores on it.
  public init(directory: FileSystemStoreDirectory) {
    self.directory = directory
    pendingLikesPath = directory.file("pending-likes")
    pendingLikesCPath = Array(pendingLikesPath.utf8CString)
    lock = DirectoryLock("pending-likes.lock", in: directory)
  }

  /// Closes the journal and the lock file, if open; the next operation opens them again. Every change is on disk
  /// when it returns, so closing loses nothing: it is for an app whose command ends (`FeedStorage.close()`).
  public func close() {
    closePendingLikesFile()
    lock.closeFile()
  }

  /// Closes the journal, if open (the lock closes when released); no other I/O.
  deinit {
    if pendingLikesFile >= 0 { closeDescriptor(pendingLikesFile) }
  }
}

extension FileSystemPendingLikeStore {
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
    if pendingLikesFile >= 0 { closeDescriptor(pendingLikesFile) }
    pendingLikesFile = -1
  }
}

/// `close(2)`, by a name a type's own `close()` does not hide.
func closeDescriptor(_ descriptor: Int32) {
  close(descriptor)
}
