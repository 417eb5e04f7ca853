import EssentialFeedSpecs
import Foundation

/// Runs `body` with a fresh, empty directory that is removed afterwards, whatever `body` does: the shipped
/// `withTemporaryStoreDirectory`, here with a choice of file system.
///
/// - Parameter preferringMemory: Use a memory-backed file system (`/dev/shm`) where there is one, for tests that
///   write many files and must not wait on the disk.
public func withTemporaryDirectory<T>(
  preferringMemory: Bool = false, _ body: (URL) async throws -> T
) async throws -> T {
  let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
  let useMemory = preferringMemory && FileManager.default.isWritableFile(atPath: memory.path(percentEncoded: false))
  return try await withTemporaryStoreDirectory(in: useMemory ? memory : FileManager.default.temporaryDirectory) {
    directory in
    try await body(directory)
  }
}

/// The POSIX permission bits of the item at `url`.
public func permissions(of url: URL) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: url.path(percentEncoded: false))
  return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
