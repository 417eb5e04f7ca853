import Foundation

/// The folder below a test's directory where ``makeReadOnlyStoreLocation(in:)`` puts its locations, so that
/// ``withTemporaryStoreDirectory(in:isolation:_:)`` can make them writable again before removing the directory.
private let readOnlyFolderName = "read-only"

/// A new location inside `directory` for a store that works, then fails: fill it with a working instance, then pass
/// it to ``makeReadOnly(_:)``; a new instance on it reads what was written, and every write fails.
///
/// This is how a store that lost its disk behaves, and what the failable suites need to check that a failed write
/// kept what the store held: a store below ``makeUnwritableStoreLocation(in:named:)`` can hold nothing.
///
/// ```swift
/// let location = makeReadOnlyStoreLocation(in: directory)
/// try await MyStore(storeURL: location.appending(path: "feed.store")).insert(feed, timestamp: now)
/// try makeReadOnly(location)
/// let failing = MyStore(storeURL: location.appending(path: "feed.store"))  // reads the feed; every write fails
/// ```
///
/// - Parameter directory: A directory from ``withTemporaryStoreDirectory(in:isolation:_:)``.
/// - Returns: A new directory's URL; it is made by the first store that writes there.
public func makeReadOnlyStoreLocation(in directory: URL) -> URL {
  directory.appending(path: readOnlyFolderName, directoryHint: .isDirectory)
    .appending(path: UUID().uuidString, directoryHint: .isDirectory)
}

/// Makes `url` and everything below it read-only, even for root: files can be read, and nothing can be written,
/// created, renamed or deleted there.
///
/// As root (where permission bits stop nothing) it sets the immutable flag (`chattr -R +i` on Linux, `chflags -R uchg`
/// on macOS); otherwise it takes away write permission. ``withTemporaryStoreDirectory(in:isolation:_:)`` undoes it
/// before removing its directory.
///
/// - Parameter url: A location from ``makeReadOnlyStoreLocation(in:)``.
/// - Throws: ``ReadOnlyLocationError`` when the file system refuses both ways.
public func makeReadOnly(_ url: URL) throws {
  try setReadOnly(true, url)
}

/// The file system refused to make a location read-only.
public struct ReadOnlyLocationError: Error, CustomStringConvertible, Sendable {
  /// What failed.
  public let description: String
}

/// Makes every location from ``makeReadOnlyStoreLocation(in:)`` inside `directory` writable again.
func makeReadOnlyLocationsWritable(in directory: URL) {
  let folder = directory.appending(path: readOnlyFolderName, directoryHint: .isDirectory)
  guard FileManager.default.fileExists(atPath: folder.path(percentEncoded: false)) else { return }
  try? setReadOnly(false, folder)
}

private func setReadOnly(_ readOnly: Bool, _ url: URL) throws {
  #if os(Linux) || os(macOS)
    let path = url.path(percentEncoded: false)
    #if os(Linux)
      let flagged = (try? run("/usr/bin/chattr", ["-R", readOnly ? "+i" : "-i", path])) == 0
    #else
      let flagged = (try? run("/usr/bin/chflags", ["-R", readOnly ? "uchg" : "nouchg", path])) == 0
    #endif
    if readOnly, flagged { return }
    let permitted = (try? run("/bin/chmod", ["-R", readOnly ? "a-w" : "u+w", path])) == 0
    guard permitted || !readOnly else {
      throw ReadOnlyLocationError(description: "neither the immutable flag nor chmod -R a-w could be set on \(path)")
    }
  #else
    throw ReadOnlyLocationError(description: "read-only locations need chattr or chflags, on Linux or macOS")
  #endif
}

#if os(Linux) || os(macOS)
  private func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
#endif
