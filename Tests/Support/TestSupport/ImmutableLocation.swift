import Foundation

/// Where ``makeImmutableStoreLocation(in:)`` puts its locations inside a test's directory, so that
/// ``withTemporaryDirectory(preferringMemory:_:)`` can make them mutable again before removing the directory.
private let immutableFolderName = "immutable"

/// A new location inside `directory` for a store that works, then fails: fill it with a working instance, then pass
/// it to ``makeImmutable(_:)``; a new instance on it reads what was written, and every write fails.
public func makeImmutableStoreLocation(in directory: URL) -> URL {
  directory.appending(path: immutableFolderName, directoryHint: .isDirectory)
    .appending(path: UUID().uuidString, directoryHint: .isDirectory)
}

/// Makes `url` and everything below it immutable: files can be read, and nothing can be written, created, renamed or
/// deleted there, even by root (tests run as root here, where permission bits stop nothing).
///
/// - Throws: ``ImmutabilityError`` when the file system refuses the flag.
public func makeImmutable(_ url: URL) throws {
  try setImmutable(true, url)
}

/// Makes every location from ``makeImmutableStoreLocation(in:)`` inside `directory` mutable again, so it can be removed.
func makeImmutableLocationsMutable(in directory: URL) {
  let folder = directory.appending(path: immutableFolderName, directoryHint: .isDirectory)
  guard FileManager.default.fileExists(atPath: folder.path(percentEncoded: false)) else { return }
  try? setImmutable(false, folder)
}

/// The file system refused to change the immutable flag of a location.
public struct ImmutabilityError: Error, CustomStringConvertible {
  /// What failed, and the exit status of the tool that was refused.
  public let description: String
}

private func setImmutable(_ immutable: Bool, _ url: URL) throws {
  #if os(Linux)
    let (tool, flag) = ("/usr/bin/chattr", immutable ? "+i" : "-i")
  #else
    let (tool, flag) = ("/usr/bin/chflags", immutable ? "uchg" : "nouchg")
  #endif
  let process = Process()
  process.executableURL = URL(fileURLWithPath: tool)
  process.arguments = ["-R", flag, url.path(percentEncoded: false)]
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw ImmutabilityError(description: "\(tool) -R \(flag) \(url.path) exited with \(process.terminationStatus)")
  }
}
