import Foundation
import TestSupport
import Testing

/// What the file stores ask of the kernel when they write, traced with strace on the crash writer's one write.
@Suite("Durability", .serialized, .enabled(if: isLinux, "strace traces Linux system calls; the trials run on Linux"))
struct DurabilityTests {
  @Test(
    "CC-3 a file store flushes the new file before renaming it over the old, then flushes the directory",
    arguments: ShippedStore.fileStores)
  func flushesBeforeAndAfterRename(kind: ShippedStore) async throws {
    let writer = try #require(crashWriterExecutable(), "StoreCrashWriter was not built beside the tests")
    let strace = try #require(
      ["/usr/bin/strace", "/bin/strace"].first(where: FileManager.default.isExecutableFile(atPath:)),
      "strace is not installed (apt-get install strace); .ci/run installs it")
    try await withTemporaryDirectory { directory in
      let log = directory.appending(path: "trace.log")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: strace)
      process.arguments = [
        "-f", "-qq", "-e", "trace=fsync,fdatasync,rename,renameat,renameat2", "-o", log.path(percentEncoded: false),
        writer.path(percentEncoded: false), kind.rawValue,
        kind.location(in: directory).path(percentEncoded: false), "1", "save", "once",
      ]
      try process.run()
      await process.exited()
      #expect(process.terminationStatus == 0)

      let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap { line in
        line.contains(" rename") ? "rename" : line.contains("sync(") ? "flush" : nil
      }
      let rename = try #require(calls.firstIndex(of: "rename"), "no rename traced: \(calls)")
      #expect(calls[..<rename].contains("flush"), "no flush of the new file before the rename: \(calls)")
      #expect(calls[(rename + 1)...].contains("flush"), "no flush of the directory after it: \(calls)")
    }
  }
}

#if os(Linux)
  private let isLinux = true
#else
  private let isLinux = false
#endif
