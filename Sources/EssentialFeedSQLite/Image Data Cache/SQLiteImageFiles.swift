import CSQLite
import Foundation

/// The image files beside an ``SQLiteImageDataStore``'s database file: each image of at least ``threshold`` bytes is
/// a file of its bytes alone in `<database>-images/` (the image cache `images.sqlite` keeps them in
/// `images.sqlite-images/`), named by a random number its index row keeps (`image_entry.file`), never by its URL.
/// Smaller images, and every image of an in-memory database, stay in the database (`image_data`).
///
/// The index is the source of truth, so two processes on one store never corrupt each other:
/// - a file is written, flushed and renamed into place inside the write transaction that adds its row, before the row
///   commits; a name is never used twice, so no reader ever finds another image's bytes under its row's name;
/// - a file is removed only after its row's deletion commits;
/// - a crash between the two leaves a file no row names (never counted: the limit counts rows), which the first write
///   of the next connection removes under the write lock (``removeUnindexed(keeping:)``);
/// - a row whose file is missing is a miss; a file whose bytes do not match the row's size and checksum is never read.
struct SQLiteImageFiles: Sendable {
  /// The size from which an image is a file rather than a row: see docs/Performance.md for the measurement.
  static let threshold = 16 << 10
  /// The directory of the files.
  let directory: String
  /// The directory's path and a slash, as bytes: the start of every file's path.
  private let prefix: [UInt8]
  /// The size from which this store's images are files.
  let threshold: Int

  /// The files beside the database at `location`, for images of `threshold` bytes or more; none in memory.
  init?(_ location: SQLiteDatabase.Location, threshold: Int) {
    guard case .file(let path) = location else { return nil }
    (directory, self.threshold) = (path + "-images", threshold)
    prefix = Array((directory + "/").utf8)
  }

  /// A name no file of the store has had: 63 random bits.
  static func newName() -> Int { Int.random(in: 1...Int.max) }

  /// The path of the file named `name`: 16 hex digits and `suffix` in the directory, built as bytes (joining strings
  /// and `String(_:radix:)` cost a twentieth of an insert).
  func path(_ name: Int, suffix: StaticString = ".image") -> String {
    let (start, end) = (prefix.count, prefix.count + 16)
    return String(unsafeUninitializedCapacity: end + suffix.utf8CodeUnitCount) { buffer in
      _ = buffer.initialize(fromContentsOf: prefix)
      var value = UInt64(UInt(bitPattern: name))
      for digit in (start..<end).reversed() {
        let nibble = UInt8(truncatingIfNeeded: value & 0xF)
        buffer[digit] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
        value >>= 4
      }
      let tail = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
      _ = UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: tail)
      return end + tail.count
    }
  }

  /// Writes `data` as the file `name`, durably: a temporary file, flushed, renamed into place, the directory flushed.
  /// Creates the directory (0700) when it is missing; files are 0600.
  func write(_ data: Data, as name: Int) throws(SQLiteError) {
    let (temporary, path) = (path(name, suffix: ".tmp"), path(name))
    var fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    if fd < 0, errno == ENOENT {
      guard mkdir(directory, 0o700) == 0 || errno == EEXIST else { throw .imageFile(directory) }
      fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    }
    guard fd >= 0 else { throw .imageFile(temporary) }
    guard Self.writeAll(data, to: fd), fsync(fd) == 0 else {
      let error = SQLiteError.imageFile(temporary)
      close(fd)
      unlink(temporary)
      throw error
    }
    close(fd)
    guard rename(temporary, path) == 0 else {
      let error = SQLiteError.imageFile(path)
      unlink(temporary)
      throw error
    }
    let folder = open(directory, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
    guard folder >= 0 else { return }
    fsync(folder)
    close(folder)
  }

  private static func writeAll(_ data: Data, to fd: Int32) -> Bool {
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        guard let base = bytes.baseAddress else { return false }
        let count = Foundation.write(fd, base + offset, bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
  }

  /// The bytes of the file `name` when it is a regular file of `size` bytes, no bytes when it is something else (not
  /// read: its size is not the image's), or `nil` when it is missing.
  ///
  /// - Throws: ``SQLiteError`` (`SQLITE_IOERR`) when it is there and cannot be read.
  func read(_ name: Int, size: Int) throws(SQLiteError) -> Data? {
    let path = path(name)
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else {
      if [ENOENT, ELOOP, ENOTDIR].contains(errno) { return nil }
      throw .imageFile(path)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .imageFile(path) }
    guard (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == size else { return Data() }
    var data = Data(count: size)
    var offset = 0
    let failure: Int32? = data.withUnsafeMutableBytes { buffer in
      while offset < size, let base = buffer.baseAddress {
        let count = pread(fd, base + offset, size - offset, off_t(offset))
        if count < 0, errno == EINTR { continue }
        if count < 0 { return errno }
        if count == 0 { break }
        offset += count
      }
      return nil
    }
    if let failure {
      errno = failure
      throw .imageFile(path)
    }
    return offset == size ? data : Data()
  }

  /// Removes the files `names`, those that are there; never fails: a file left is one no row names, which the next
  /// connection's first write removes.
  func remove(_ names: [Int]) {
    for name in names { unlink(path(name)) }
  }
}
