import Foundation

/// The write path both file stores share: the size limit, the store's directory made once (and again if it was
/// removed behind the store's back), killed writers' temporary files removed when it is made, then an atomic,
/// durable write. One `mkdir` per store instance, not per write: image inserts are a hot path.
struct CacheFileWriter {
  let directory: String
  let maximumFileSize: Int
  private var directoryReady = false

  init(directory: String, maximumFileSize: Int) {
    self.directory = directory
    self.maximumFileSize = maximumFileSize
  }

  /// Writes `data` to `path`, a file in the store's directory or below it.
  mutating func write(_ data: Data, to path: String) throws(AtomicFile.SystemError) {
    let (directory, name) = StorePath.split(path)
    try write([data], name: name, in: directory)
  }

  /// Writes `parts`, one after the other, to the file `name` in `directory` (the store's directory or one below it).
  mutating func write(_ parts: [Data], name: String, in directory: String) throws(AtomicFile.SystemError) {
    let size = parts.reduce(0) { $0 + $1.count }
    guard size <= maximumFileSize else {
      throw .init(reason: "\(size) bytes is more than the store's limit of \(maximumFileSize)")
    }
    let wasReady = directoryReady
    do {
      try prepareDirectory()
      try AtomicFile.write(parts, name: name, in: directory, temporaryDirectory: self.directory)
    } catch {
      directoryReady = false
      guard wasReady, error.code == ENOENT else { throw error }
      try prepareDirectory()  // The directory was removed since: make it again, once.
      try AtomicFile.write(parts, name: name, in: directory, temporaryDirectory: self.directory)
    }
  }

  private mutating func prepareDirectory() throws(AtomicFile.SystemError) {
    guard !directoryReady else { return }
    try AtomicFile.createDirectory(directory)
    AtomicFile.removeStaleTemporaries(in: directory)
    directoryReady = true
  }
}
