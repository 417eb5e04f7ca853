import Foundation

/// Where the app keeps its cache: `--store DIR`, else `$XDG_CACHE_HOME/essential-feed`, else
/// `~/.cache/essential-feed`.
enum CacheDirectory {
  static func resolve(
    _ override: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(FeedAppError) -> URL {
    if let override {
      // An empty path would be the working directory: never what a user meant.
      guard !override.trimmingCharacters(in: .whitespaces).isEmpty else { throw .emptyStorePath }
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
      return URL(fileURLWithPath: xdg, isDirectory: true).appending(path: "essential-feed", directoryHint: .isDirectory)
    }
    return FileManager.default.homeDirectoryForCurrentUser
      .appending(path: ".cache/essential-feed", directoryHint: .isDirectory)
  }

  /// Checks the directory for a run that only reads (`--offline`): it need not exist (there is then no cache to
  /// read), nor be writable, but a file in its place is one clear error.
  static func prepareForReading(_ directory: URL) throws(FeedAppError) {
    var isDirectory: ObjCBool = false
    // Without the directory's trailing slash: with it, a regular file at the path does not exist (ENOTDIR).
    var file = directory.path(percentEncoded: false)
    if file.count > 1, file.hasSuffix("/") { file.removeLast() }
    guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
      try checkOwnDirectories(in: directory)
      return
    }
    throw .unusableStore(path: directory.path(percentEncoded: false), reason: "\(file) is a file, not a directory")
  }

  /// The directories the app keeps inside the cache directory: the liked list's.
  static let ownDirectories = ["likes"]

  /// Checks that each of the app's own directories in `directory`, where there is one, is a directory and not a link
  /// to one elsewhere (a store writing there would write where the link leads).
  private static func checkOwnDirectories(in directory: URL) throws(FeedAppError) {
    for name in ownDirectories {
      let path = directory.appending(path: name).path(percentEncoded: false)
      if let failure = OwnFile.checkDirectory(path) {
        throw .unusableStore(path: directory.path(percentEncoded: false), reason: failure.description)
      }
    }
  }

  /// Creates the directory if needed and checks a file can be written in it, so an unusable directory is one clear
  /// error up front instead of saves that silently fail.
  static func prepare(_ directory: URL) throws(FeedAppError) {
    let path = directory.path(percentEncoded: false)
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .unusableStore(path: path, reason: reason(for: directory, error))
    }
    // A fresh name, created exclusively and never through a link: whatever is at the probe's name of an earlier run
    // (a link, a FIFO) is removed, never written through or waited on.
    let probe = directory.appending(path: ".write-probe-\(UUID().uuidString)").path(percentEncoded: false)
    let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw .unusableStore(
        path: path, reason: reason(for: directory, POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)))
    }
    close(fd)
    unlink(probe)
    removeLeftoverProbes(in: path)
    try checkOwnDirectories(in: directory)
  }

  /// Removes the probes a killed run left (`.write-probe`, as older versions named it, and `.write-probe-<UUID>`):
  /// unlinked, so a link goes and its target stays; a directory of that name is left alone.
  private static func removeLeftoverProbes(in path: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    for name in names where name == ".write-probe" || name.hasPrefix(".write-probe-") {
      unlink((path as NSString).appendingPathComponent(name))
    }
  }

  /// Names the part of `directory`'s path that is in the way, or falls back to the system's message.
  private static func reason(for directory: URL, _ error: any Error) -> String {
    var ancestor = directory.standardizedFileURL
    while ancestor.pathComponents.count > 1 {
      var isDirectory: ObjCBool = false
      var path = ancestor.path(percentEncoded: false)
      if path.count > 1, path.hasSuffix("/") { path.removeLast() }
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        return isDirectory.boolValue ? "\(path) cannot be written" : "\(path) is a file, not a directory"
      }
      ancestor = ancestor.deletingLastPathComponent()
    }
    return (error as NSError).localizedDescription
  }
}
