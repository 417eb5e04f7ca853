import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport
import Testing

/// A write killed at each system call that changes the disk: strace's fault injection sends SIGKILL as the writer
/// enters its n-th call of one kind, so each kill point of the store's write is tried on purpose, where random kills
/// (CC-1, CC-2) find them by chance.
@Suite(
  "Crash consistency at each kill point", .tags(.crashTrials),
  .enabled(if: strace != nil, "strace injects the kills (apt-get install strace); .ci/run installs it"))
struct CrashKillPointTests {
  /// The calls a store's write changes the disk or its order with, where a kill matters. Not `write`: the runtime
  /// writes to an eventfd a varying number of times, so its n-th call is not the same call from run to run; a kill
  /// just before a file store's data lands is the kill at its first `fsync`, which comes right after it.
  static let killPoints = [
    "pwrite64", "fsync", "fdatasync", "rename", "renameat", "renameat2", "ftruncate", "unlink", "unlinkat",
  ]

  @Test(
    "CC-4 a write killed at each of its disk calls (strace's fault injection) leaves the old feed or the new, exactly",
    arguments: ShippedStore.persistent, ["insert", "save"])
  func killedAtEachCall(kind: ShippedStore, mode: String) async throws {
    let writer = try #require(crashWriterExecutable(), "StoreCrashWriter was not built beside the tests")
    let strace = try #require(strace)
    try await withTemporaryDirectory { directory in
      // Every trial starts from a copy of one store holding write 9 (written after write 4, as a store with a cache
      // before it), so each makes the same calls as the traced one and the kill lands on the call it aims at.
      // Serials 4, 9 and 14 are the largest of CrashFeed's feeds.
      let (reference, trial) = (directory.appending(path: "reference"), directory.appending(path: "trial"))
      try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
      let write = { (root: URL, serial: Int, options: [String]) async throws -> Int32 in
        try await Self.run(
          [strace, "-f", "-qq"] + options + [writer.path(percentEncoded: false)],
          kind, kind.location(in: root).path(percentEncoded: false), serial, mode)
      }
      for serial in [4, 9] { try #require(try await write(reference, serial, ["-o", "/dev/null"]) == 0) }
      let log = directory.appending(path: "calls.log").path(percentEncoded: false)
      try FileManager.default.copyItem(at: reference, to: trial)
      try #require(
        try await write(trial, 14, ["-o", log, "-e", "trace=" + Self.killPoints.joined(separator: ",")]) == 0)
      let plan = Self.plan(calls: try String(contentsOfFile: log, encoding: .utf8))
      try #require(!plan.isEmpty, "no disk call traced in a \(mode) on \(kind.rawValue)")

      var held: [Int: Int] = [:]
      for (call, occurrence) in plan {
        try FileManager.default.removeItem(at: trial)
        try FileManager.default.copyItem(at: reference, to: trial)
        let status = try await write(
          trial, 14, ["-o", "/dev/null", "-e", "inject=\(call):signal=SIGKILL:when=\(occurrence)"])
        let point = "killed at \(call) #\(occurrence) (exit \(status))"
        let cache = try await kind.makeStore(at: kind.location(in: trial)).retrieve()
        let serial = try #require(cache.flatMap { CrashFeed.serial(of: $0.timestamp) }, "\(point): no cache")
        #expect([9, 14].contains(serial), "\(point): holds write \(serial), neither the old, 9, nor the new, 14")
        #expect(
          cache?.feed == CrashFeed.feed(serial: serial).map(LocalFeedImage.init), "\(point): write \(serial) is torn")
        #expect(status != 0, "\(point): the writer was not killed there")
        held[serial, default: 0] += 1
      }
      print(
        "\(mode) on \(kind.rawValue): killed at \(plan.count) disk calls, \(held[9] ?? 0) held the old feed, "
          + "\(held[14] ?? 0) the new")
    }
  }

  @Test("CC-4 the kill plan reads strace's lines whatever the width of the pid before each call")
  func planReadsAnyPid() {
    let log = "9434  ftruncate(5, 3) = 0\n12345 fsync(3) = 0\n77 write(1, \"x\", 1) = 1\n9434  fsync(5) = 0\n"
    #expect(Self.plan(calls: log).map { "\($0.call)#\($0.occurrence)" } == ["ftruncate#1", "fsync#1", "fsync#2"])
  }

  /// The kill points of one write, from its traced calls: each call of a kind at each of its occurrences, or, for a
  /// kind made many times (SQLite's page writes), the first two, the middle and the last two (every one with
  /// `ESSENTIALFEED_CRASH_TRIALS=full`).
  static func plan(calls log: String) -> [(call: String, occurrence: Int)] {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for line in log.split(separator: "\n") {
      // strace -f writes each line as the pid, padded with spaces to five characters, then the call.
      guard
        let name = line.split(separator: " ", maxSplits: 1).last?.drop(while: { $0 == " " }).prefix(while: { $0 != "(" }
        ),
        killPoints.contains(String(name))
      else { continue }
      if counts[String(name)] == nil { order.append(String(name)) }
      counts[String(name), default: 0] += 1
    }
    return order.flatMap { call -> [(call: String, occurrence: Int)] in
      let count = counts[call] ?? 0
      let occurrences =
        CrashTrials.full || count <= 5
        ? Array(1...count) : Array(Set([1, 2, (count + 1) / 2, count - 1, count])).sorted()
      return occurrences.map { (call, $0) }
    }
  }

  /// Runs the writer under `command` (strace and its options) for one write of `serial`; its exit status (137, say,
  /// when the kill came).
  private static func run(
    _ command: [String], _ kind: ShippedStore, _ location: String, _ serial: Int, _ mode: String
  ) async throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst()) + [kind.rawValue, location, String(serial), mode, "once"]
    process.standardError = FileHandle.nullDevice
    try process.run()
    await process.exited()
    return process.terminationStatus
  }
}

/// strace, where it is installed (Linux).
private let strace = ["/usr/bin/strace", "/bin/strace"].first(where: FileManager.default.isExecutableFile(atPath:))
