import Foundation

/// The few POSIX file operations the file stores need, with the guarantees they rely on: a write replaces the file
/// atomically and durably (a crash or power cut leaves the old contents or the new, never a mix or an empty file),
/// a read never allocates more than its limit, files are created readable by the user only (0600) and directories
/// likewise (0700).
enum AtomicFile {
  /// A failed system call, with its `errno` and message, or a file the store refuses (with no `errno`).
  struct SystemError: Error {
    let reason: String
    let code: Int32?

    init(errno code: Int32) {
      reason = String(cString: strerror(code))
      self.code = code
    }

    init(reason: String) {
      self.reason = reason
      code = nil
    }
  }

  /// Reads the whole file, or returns `nil` when there is no file at `path`.
  ///
  /// The file's size is checked against `limit` before anything is allocated, so a huge or sparse file is an error,
  /// not an allocation of its declared size.
  static func read(_ path: String, limit: Int) throws(SystemError) -> Data? {
    guard let fd = try openRegular(path, O_RDONLY) else { return nil }
    defer { close(fd) }
    return try read(from: fd, limit: limit)
  }

  /// Reads the whole regular file open at `fd`, from its start, checking its size against `limit` first.
  static func read(from fd: Int32, limit: Int) throws(SystemError) -> Data {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw SystemError(errno: errno) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw SystemError(reason: "not a regular file") }
    guard info.st_size >= 0, info.st_size <= limit else {
      throw SystemError(reason: "the file has \(info.st_size) bytes, more than the store's limit of \(limit)")
    }
    let size = Int(info.st_size)
    var data = Data(count: size)
    var offset = 0
    var failure: Int32 = 0
    data.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      while offset < size {
        let count = pread(fd, base + offset, size - offset, off_t(offset))
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

  /// Replaces the file `name` in `directory` with `parts`, written one after the other (a file's header and the
  /// caller's bytes, never joined first), atomically and durably: writes a temporary file in `temporaryDirectory` (on
  /// the same file system), flushes it, renames it over the file, then flushes `directory`.
  ///
  /// A writer killed midway leaves only its temporary file, which ``removeStaleTemporaries(in:)`` removes later.
  static func write(
    _ parts: [Data], name: String, in directory: String, temporaryDirectory: String
  ) throws(SystemError) {
    let temporary = StorePath.appending(Temporary.name(for: name), to: temporaryDirectory)
    // A fresh name, created here or not at all: never a file, link or FIFO someone put there.
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw SystemError(errno: errno) }
    var failure: Int32 = 0
    for part in parts where failure == 0 { failure = writeAll(part, to: fd) }
    if failure == 0, fsync(fd) != 0 { failure = errno }
    if close(fd) != 0, failure == 0 { failure = errno }
    if failure == 0, rename(temporary, StorePath.appending(name, to: directory)) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw SystemError(errno: failure)
    }
    try synchronizeDirectory(directory)
  }

  /// Writes all of `data` to `fd`, retrying interrupted writes: `0`, or the `errno` of the write that failed.
  static func writeAll(_ data: Data, to fd: Int32) -> Int32 {
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      var offset = 0
      while offset < buffer.count {
        let count = SystemCall.write(fd, base + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += count
      }
      return 0
    }
  }

  /// Flushes a directory's entries (a rename or an unlink in it) to the disk.
  static func synchronizeDirectory(_ path: String) throws(SystemError) {
    let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(errno: errno) }
    defer { close(fd) }
    // Some file systems cannot flush a directory (EINVAL): their renames are as durable as they get.
    guard fsync(fd) == 0 || errno == EINVAL else { throw SystemError(errno: errno) }
  }
}

/// The C library's `read` and `write`, named apart from the Swift methods above.
enum SystemCall {
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
