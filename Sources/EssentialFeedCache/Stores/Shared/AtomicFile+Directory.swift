import Foundation

extension AtomicFile {
  /// Deletes the file at `path`; a missing file is not an error. Never deletes a directory.
  static func remove(_ path: String) throws(SystemError) {
    guard unlink(path) == 0 else {
      let code = errno
      if code == ENOENT { return }
      throw SystemError(errno: code)
    }
  }

  /// Deletes whatever is at `path`, a directory with its contents included; a missing item is not an error.
  static func removeItem(_ path: String) throws(SystemError) {
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch CocoaError.fileNoSuchFile {
      return
    } catch {
      throw SystemError(reason: (error as NSError).localizedDescription)
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
    let parent = StorePath.parent(of: path)
    guard !parent.isEmpty, parent != path else { throw SystemError(errno: code) }
    try createDirectory(parent)
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw SystemError(errno: errno) }
  }

  /// Creates the store's own directory `path` inside its directory (which is made as ``createDirectory(_:)`` makes
  /// it): anything else already there, a symbolic link to a directory included, is an error, never followed.
  static func createOwnDirectory(_ path: String) throws(SystemError) {
    if mkdir(path, 0o700) == 0 { return }
    var code = errno
    if code == ENOENT {
      try createDirectory(StorePath.parent(of: path))
      if mkdir(path, 0o700) == 0 { return }
      code = errno
    }
    guard code == EEXIST else { throw SystemError(errno: code) }
    guard isOwnDirectory(path) else {
      throw SystemError(reason: "\(path) is not a directory (a symbolic link, a file or a FIFO)")
    }
  }

  /// Whether `path` is a directory itself, not a symbolic link to one.
  static func isOwnDirectory(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Removes the temporary files that writers killed before their rename left in `directory`: those whose process
  /// is gone. A live writer's temporary file, in this process or another, is left alone.
  static func removeStaleTemporaries(in directory: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names {
      guard let pid = Temporary.writerProcess(of: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else {
        continue
      }
      unlink(StorePath.appending(name, to: directory))
    }
  }
}

/// Names of temporary files: `.<file name>.<writer's pid>.<random>.eftmp`, so a later writer can tell a dead
/// writer's leftovers from a live one's.
enum Temporary {
  static let suffix = "eftmp"

  static func name(for fileName: String) -> String {
    // Built as bytes, then one string: an interpolation of five parts cost 4,400 instructions, a tenth of an insert.
    var bytes: [UInt8] = [UInt8(ascii: ".")]
    bytes.reserveCapacity(fileName.utf8.count + 48)
    bytes.append(contentsOf: fileName.utf8)
    bytes.append(UInt8(ascii: "."))
    bytes.append(contentsOf: String(getpid()).utf8)
    bytes.append(UInt8(ascii: "."))
    var random = UInt64.random(in: 0...UInt64.max)
    for _ in 0..<16 {
      bytes.append(hexDigits[Int(truncatingIfNeeded: random >> 60)])
      random <<= 4
    }
    bytes.append(UInt8(ascii: "."))
    bytes.append(contentsOf: suffix.utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// The process that wrote the temporary file `name`, or `nil` when `name` is not a temporary file's.
  static func writerProcess(of name: String) -> pid_t? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard name.hasPrefix("."), parts.count >= 5, parts[parts.count - 1] == suffix else { return nil }
    return pid_t(parts[parts.count - 3])
  }
}
