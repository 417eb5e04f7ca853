import Foundation

/// The StoreCrashWriter executable, built beside the test bundle.
func crashWriterExecutable() -> URL? {
  builtExecutable(named: "StoreCrashWriter")
}

/// An executable of the package, built beside the test bundle: the crash writer, or the `feed` app.
func builtExecutable(named name: String) -> URL? {
  var candidates: [URL] = []
  if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
  candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
  candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
  for directory in candidates {
    var current = directory
    for _ in 0..<4 {
      let candidate = current.appending(path: name)
      if FileManager.default.isExecutableFile(atPath: candidate.path(percentEncoded: false)) { return candidate }
      current = current.deletingLastPathComponent()
    }
  }
  return nil
}
