import Foundation

/// One pass of sending pending likes at a time across processes: two `feed` processes sending the same store's
/// actions at once could send an older action on an image after a newer one. The lock (`likes-sync.lock` in the
/// cache directory) dies with its process, killed or not.
enum LikesSyncLock {
  /// Runs `body` holding the lock of `directory`; without a lock file (a read-only directory), runs it anyway.
  ///
  /// Waiting for another process's pass never blocks a thread: the lock is tried, and tried again 20 ms later, so
  /// the cooperative pool (two threads on two cores) keeps running everything else meanwhile.
  static func holding<T>(
    in directory: URL, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async rethrows -> T {
    let path = directory.appending(path: "likes-sync.lock").path(percentEncoded: false)
    let lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    defer { if lock >= 0 { close(lock) } }
    while lock >= 0, flock(lock, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK || errno == EINTR {
      do { try await Task.sleep(for: .milliseconds(20)) } catch { break }  // cancelled: the pass goes without
    }
    return try await body()
  }
}
