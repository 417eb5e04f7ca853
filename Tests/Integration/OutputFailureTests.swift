import Foundation
import TestSupport
import Testing

/// A command whose output could not be written has failed: `feed --json > report.json && …` must not go on with an
/// empty file.
@Suite("The app's own output on a full disk")
struct OutputFailureTests {
  @Test(
    "APP-29 every command whose output cannot be written (stdout on /dev/full) exits 1 and says so on stderr",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"),
    arguments: [
      ["--offline"], ["--offline", "--json"], ["validate-cache"], ["likes", "--offline"],
      ["search", "light", "--offline"], [], ["search", "light"], ["likes"], ["sync"],
      ["like", "00000000-0000-0000-0000-000000000001", "--offline"],
      ["discard", "00000000-0000-0000-0000-000000000001", "--offline"], ["browse", "--report", "--items", "30"],
      ["--help"], ["help", "search"], ["--version"], ["--generate-completion-script", "bash"],
      ["serve", "--port", "0"],
    ])
  func fullDisk(_ arguments: [String]) async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = ["--store", directory.path(percentEncoded: false)]
      if takesStore(arguments) {  // a command given no store has no use for a full cache
        let cached = try await offPool { spawnAndWait([feed.path(percentEncoded: false)] + store, output: false) }
          .get()
        try #require(cached.status == 0, "the run that fills the cache failed")
      }

      let run = try await offPool {
        spawnAndWait(
          ["/usr/bin/timeout", "60", feed.path(percentEncoded: false)] + arguments
            + (takesStore(arguments) ? store : []),
          output: true, errors: true, outputFile: "/dev/full")
      }.get()

      #expect(run.status == 1, "exit \(run.status) (124: it never ended): \(run.output)")
      #expect(run.output.hasPrefix("error: Could not write the output: No space left on device"), "\(run.output)")
    }
  }

  @Test("APP-29 an output that would block (a non-blocking pipe, read as it fills) is waited for, never lost")
  func nonBlockingOutput() async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = ["--store", directory.path(percentEncoded: false)]
      let cached = try await offPool { spawnAndWait([feed.path(percentEncoded: false)] + store, output: false) }.get()
      try #require(cached.status == 0, "the run that fills the cache failed")

      let run = try await offPool {
        spawnAndWait(
          [feed.path(percentEncoded: false), "--offline", "--json"] + store, output: true, errors: true,
          nonBlockingOutput: true)
      }.get()

      #expect(run.status == 0, "exit \(run.status): \(run.output.suffix(200))")
      #expect(run.output.utf8.count > 16_384, "the output is several pages: \(run.output.utf8.count) bytes")
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(run.output.utf8))) != nil, "\(run.output.suffix(200))")
    }
  }

  @Test(
    "APP-29 a closed standard output is a failed one: exit 1, and the report never lands in a file the app opened",
    arguments: ["sqlite", "filesystem"])
  func closedOutput(storeKind: String) async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = ["--store", directory.path(percentEncoded: false), "--store-kind", storeKind]
      let cached = try await offPool { spawnAndWait([feed.path(percentEncoded: false)] + store, output: false) }.get()
      try #require(cached.status == 0, "the run that fills the cache failed")
      let before = try snapshot(of: directory)

      let run = try await offPool {
        spawnAndWait(
          [feed.path(percentEncoded: false), "--offline"] + store, output: true, errors: true, closedOutput: true)
      }.get()

      #expect(run.status == 1, "exit \(run.status): \(run.output)")
      #expect(run.output.hasPrefix("error: Could not write the output: Bad file descriptor"), "\(run.output)")
      // The run may save the image cache's order of use; what it must never do is write its report into a file.
      let after = try snapshot(of: directory)
      #expect(Set(after.keys) == Set(before.keys), "the store's files changed: \(after.keys.sorted())")
      let report = Data("Images: ".utf8)
      #expect(after.filter { $0.value.range(of: report) != nil }.isEmpty, "the report landed in a store file")
    }
  }

  /// Every file in `directory` with its bytes.
  private func snapshot(of directory: URL) throws -> [String: Data] {
    let root = directory.path(percentEncoded: false)
    let names = try FileManager.default.subpathsOfDirectory(atPath: root)
    return Dictionary(
      uniqueKeysWithValues: names.map { ($0, FileManager.default.contents(atPath: root + "/" + $0) ?? Data()) })
  }

  /// Whether the command takes `--store`: help, the version, completion scripts and the server keep nothing.
  private func takesStore(_ arguments: [String]) -> Bool {
    !["--help", "help", "--version", "--generate-completion-script", "serve"].contains(arguments.first ?? "")
  }
}
