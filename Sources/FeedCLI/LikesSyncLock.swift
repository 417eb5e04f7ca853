import Foundation

/// One pass of sending pending likes at a time across processes: two `feed` processes sending the same store's
/// actions at once could send an older action on an image after a newer one. The lock (`likes-sync.lock` in the
/// cache directory) dies with its process, killed or not.
enum LikesSyncLock {
  /// Runs `body` holding the lock of `directory`; without a lock file (a read-only directory), runs it anyway.
  static func holding<T>(in directory: URL, _ body: () async throws -> T) async rethrows -> T {
    let path = directory.appending(path: "likes-sync.lock").path(percentEncoded: false)
    let lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if lock >= 0 { while flock(lock, LOCK_EX) != 0, errno == EINTR {} }
    defer { if lock >= 0 { close(lock) } }
    return try await body()
  }
}
