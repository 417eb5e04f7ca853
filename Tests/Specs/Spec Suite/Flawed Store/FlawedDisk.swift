import Foundation
import Synchronization

/// Where a `FlawedStore` keeps its files: in memory, shared by every instance made on it, or in a real directory
/// (for the specs that damage files, or make them read-only).
final class FlawedDisk: Sendable {
  private let directory: URL?
  private let files = Mutex<[String: Data]>([:])
  private let lock = Mutex(())

  init(directory: URL? = nil) {
    self.directory = directory
  }

  func read(_ name: String) throws -> Data? {
    guard let directory else { return files.withLock { $0[name] } }
    let url = directory.appending(path: name)
    guard FileManager.default.fileExists(atPath: url.path(percentEncoded: false)) else { return nil }
    return try Data(contentsOf: url)
  }

  func write(_ data: Data, _ name: String) throws {
    guard let directory else { return files.withLock { $0[name] = data } }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try data.write(to: directory.appending(path: name), options: .atomic)
  }

  func remove(_ name: String) throws {
    guard let directory else { return files.withLock { $0[name] = nil } }
    let url = directory.appending(path: name)
    guard FileManager.default.fileExists(atPath: url.path(percentEncoded: false)) else { return }
    try FileManager.default.removeItem(at: url)
  }

  /// Runs a read and the write that follows it alone, as a store holding a lock file does.
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    try lock.withLock { _ in try body() }
  }
}

extension FlawedDisk {
  /// Changes a byte in the middle of every image file, as a bad sector would.
  func damageImages() throws {
    guard let directory else { return }
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
    where name.hasPrefix("image-") {
      let file = directory.appending(path: name)
      var bytes = try Data(contentsOf: file)
      bytes[bytes.count / 2] ^= 0xFF
      try bytes.write(to: file)
    }
  }
}
