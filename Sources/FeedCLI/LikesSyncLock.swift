import EssentialFeed
import Foundation

/// One pass of sending pending likes at a time across processes: two `feed` processes sending the same store's
/// actions at once could send an older action on an image after a newer one. The lock (`likes-sync.lock` in the
/// cache directory) dies with its process, killed or not.
enum LikesSyncLock {
  /// Runs `body` holding the lock of `directory`.
  ///
  /// Waiting for another process's pass blocks a thread of its own in `flock` (woken when that pass ends), never a
  /// thread of the cooperative pool, and never polls. The wait is not cancellable: it lasts one pass of the other
  /// process, whose sends are bounded by their timeouts.
  ///
  /// - Throws: ``FeedAppError/unusableStore(path:reason:)`` when the lock file cannot be opened or locked (a directory
  ///   in its place, no permission, no locks on the file system): a pass never runs without the lock. Else `body`'s
  ///   error.
  static func holding<T>(
    in directory: URL, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async throws -> T {
    let path = directory.appending(path: "likes-sync.lock").path(percentEncoded: false)
    // The store is the directory; the reason names the entry in it that could not be used.
    let unusable = { (reason: String) in
      FeedAppError.unusableStore(
        path: directory.path(percentEncoded: false), reason: reason.hasPrefix(path) ? reason : "\(path): \(reason)")
    }
    let lock: Int32
    switch OwnFile.openRegular(path, O_RDWR | O_CREAT) {
    case .success(let fd): lock = fd
    case .failure(let failure): throw unusable(failure.description)
    }
    defer { close(lock) }
    let failure = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
      Thread.detachNewThread {
        var failure: Int32 = 0
        while flock(lock, LOCK_EX) != 0 {
          guard errno == EINTR else {
            failure = errno
            break
          }
        }
        continuation.resume(returning: failure)
      }
    }
    guard failure == 0 else { throw unusable(String(cString: strerror(failure))) }
    return try await body()
  }
}

/// The cache directory's sync lock as the pass lock of a ``LikeSynchronizer``: each pass holds it, so a long-lived
/// sender (the interactive browse) and `feed` commands never send one store's actions at once.
struct DirectoryLikePassLock: LikePassLock {
  let directory: URL

  func holding<T: Sendable>(_ pass: @Sendable () async -> T) async throws -> T {
    try await LikesSyncLock.holding(in: directory) { await pass() }
  }
}
