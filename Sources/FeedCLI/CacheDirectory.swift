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
    let path = directory.path(percentEncoded: false)
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
      return
    }
    throw .unusableStore(path: path, reason: "\(path) is a file, not a directory")
  }

  /// Creates the directory if needed and checks a file can be written in it, so an unusable directory is one clear
  /// error up front instead of saves that silently fail.
  static func prepare(_ directory: URL) throws(FeedAppError) {
    let path = directory.path(percentEncoded: false)
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      // One name for every run: a run killed between the write and the remove leaves one file, which the next
      // run writes over and removes; another process removing it first is no failure.
      let probe = directory.appending(path: ".write-probe")
      try Data().write(to: probe)
      do {
        try FileManager.default.removeItem(at: probe)
      } catch CocoaError.fileNoSuchFile {}
    } catch {
      throw .unusableStore(path: path, reason: reason(for: directory, error))
    }
    removeOldProbes(in: path)
  }

  /// Removes the probes earlier versions named `.write-probe-<UUID>`, which a killed run left behind for good.
  private static func removeOldProbes(in path: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    for name in names where name.hasPrefix(".write-probe-") {
      try? FileManager.default.removeItem(atPath: (path as NSString).appendingPathComponent(name))
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
