import Foundation

/// The app's own entries in the cache directory (the write probe, the likes' sync lock, the liked list's directory),
/// treated as the stores treat theirs: never through a symbolic link, never waiting on a FIFO. Anyone who can create
/// a file in a shared cache directory could otherwise have the app write, truncate or create a file of their choosing.
enum OwnFile {
  /// Opens the regular file at `path` (`O_CREAT` in `flags` creates it, 0600): a link, a FIFO, a directory or a device
  /// there is an error at once, never followed or waited on.
  ///
  /// - Returns: The open descriptor, blocking again, or the reason it could not be opened.
  static func openRegular(_ path: String, _ flags: Int32) -> Result<Int32, OpenFailure> {
    let fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return .failure(errno == ELOOP ? .notRegular(path) : .system(errno)) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      return .failure(.notRegular(path))
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return .success(fd)
  }

  /// Checks that `path`, if anything is there, is a directory itself and not a link to one.
  static func checkDirectory(_ path: String) -> OpenFailure? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (info.st_mode & S_IFMT) == S_IFDIR ? nil : .notDirectory(path)
  }

  /// Why an entry of the cache directory could not be used.
  enum OpenFailure: Error, CustomStringConvertible {
    case system(Int32)
    case notRegular(String)
    case notDirectory(String)

    var description: String {
      switch self {
      case .system(let code): String(cString: strerror(code))
      case .notRegular(let path): "\(path) is not a regular file (a symbolic link, a FIFO, a directory or a device)"
      case .notDirectory(let path): "\(path) is not a directory (a symbolic link, a file or a FIFO)"
      }
    }
  }
}
