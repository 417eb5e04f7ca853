import Foundation

/// The few POSIX file operations the file stores need, with the guarantees they rely on: a write replaces the file
/// atomically (a crash leaves the old contents or the new, never a mix), files are created readable by the user
/// only (0600) and directories likewise (0700).
enum AtomicFile {
  /// A failed system call, with the message for its `errno`.
  struct SystemError: Error {
    let reason: String

    init(errno code: Int32) {
      reason = String(cString: strerror(code))
    }

    init(reason: String) {
      self.reason = reason
    }
  }

  /// Reads the whole file, or returns `nil` when there is no file at `path`.
  static func read(_ path: String) throws(SystemError) -> Data? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      if code == ENOENT { return nil }
      throw SystemError(errno: code)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw SystemError(errno: errno) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw SystemError(reason: "not a regular file") }
    let size = Int(info.st_size)
    var data = Data(count: size)
    var offset = 0
    var failure: Int32 = 0
    data.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      while offset < size {
        let count = Glue.read(fd, base + offset, size - offset)
        if count < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        if count == 0 { break }
        offset += count
      }
    }
    if failure != 0 { throw SystemError(errno: failure) }
    if offset < size { data.removeSubrange(offset...) }
    return data
  }

  /// Replaces the file at `path` with `data` atomically: writes a temporary file beside it, then renames it over.
  static func write(_ data: Data, to path: String) throws(SystemError) {
    let temporary = "\(path).\(UUID().uuidString).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw SystemError(errno: errno) }
    var failure: Int32 = 0
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let count = Glue.write(fd, base + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += count
      }
    }
    if close(fd) != 0, failure == 0 { failure = errno }
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw SystemError(errno: failure)
    }
  }

  /// Deletes the file at `path`; a missing file is not an error. Never deletes a directory.
  static func remove(_ path: String) throws(SystemError) {
    guard unlink(path) == 0 else {
      let code = errno
      if code == ENOENT { return }
      throw SystemError(errno: code)
    }
  }

  /// Creates the directory at `path` and any missing parents, each readable by the user only.
  static func createDirectory(_ path: String) throws(SystemError) {
    if mkdir(path, 0o700) == 0 { return }
    let code = errno
    if code == EEXIST {
      var info = stat()
      guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
        throw SystemError(reason: "\(path) exists and is not a directory")
      }
      return
    }
    guard code == ENOENT else { throw SystemError(errno: code) }
    let parent = (path as NSString).deletingLastPathComponent
    guard !parent.isEmpty, parent != path else { throw SystemError(errno: code) }
    try createDirectory(parent)
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw SystemError(errno: errno) }
  }
}

/// The C library's `read` and `write`, named apart from the Swift methods above.
private enum Glue {
  static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #elseif canImport(Musl)
      Musl.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }

  static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
      Musl.write(fd, buffer, count)
    #else
      Darwin.write(fd, buffer, count)
    #endif
  }
}
