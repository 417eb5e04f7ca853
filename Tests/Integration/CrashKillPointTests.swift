import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport
import Testing

/// A write killed at each phase of it that changes the disk: strace's fault injection sends SIGKILL as the writer
/// enters its n-th call of one kind, so each phase of the store's write (a store's first write, a write that
/// checkpoints its log) is tried on purpose, where random kills (CC-1, CC-2) find them by chance. Each trial starts
/// from a copy of one store, on a memory file system where there is one (a SIGKILL leaves the kernel's page cache, so
/// a killed write leaves there what it leaves on a disk), and the trials run one a core.
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
    // After write 4, write 9 (a store with a cache before it); serials 4, 9 and 14 are CrashFeed's largest feeds.
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let write = Write(kind: kind, mode: mode, history: [4, 9], serial: 14)
      _ = try await Self.killAtEachCall(write, in: directory, full: CrashTrials.full)
    }
  }

  @Test(
    "CC-5 a store's first write killed at each of its phases leaves no cache or the new feed, never an error",
    arguments: ShippedStore.persistent, CrashTrials.storePhaseModes)
  func firstWriteKilledAtEachCall(kind: ShippedStore, mode: String) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      _ = try await Self.killAtEachCall(
        Write(kind: kind, mode: mode, history: [], serial: 4), in: directory, full: false)
    }
  }

  @Test(
    "CC-6 a write that checkpoints the store's log, killed at each of its phases, leaves the old feed or the new",
    arguments: ShippedStore.persistent.filter { $0.writesToFillLog != nil }, CrashTrials.storePhaseModes)
  func checkpointKilledAtEachCall(kind: ShippedStore, mode: String) async throws {
    let count = try #require(kind.writesToFillLog)
    let history = (0..<count).map { 4 + 5 * $0 }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let settled = try await Self.trace(
        Write(kind: kind, mode: mode, history: [4, 9], serial: 14), in: directory.appending(path: "settled"))
      let phases = try await Self.killAtEachCall(
        Write(kind: kind, mode: mode, history: history, serial: 4 + 5 * count), in: directory.appending(path: "full"),
        full: false)
      #expect(
        phases > settled.phases.count,
        "after \(count) writes, a write makes no call the write after 2 does not (\(phases) phases): no checkpoint")
    }
  }

  @Test("CC-4 the kill plan reads strace's lines whatever the width of the pid before each call")
  func planReadsAnyPid() {
    let log = "9434  ftruncate(5, 3) = 0\n12345 fsync(3) = 0\n77 write(1, \"x\", 1) = 1\n9434  fsync(5) = 0\n"
    #expect(Self.plan(calls: log).map { "\($0.call)#\($0.occurrence)" } == ["ftruncate#1", "fsync#1", "fsync#2"])
  }

  @Test(
    "CC-4 the kill plan aims at the first and the last call of each run of one call on one file, and its middle one with the full count"
  )
  func planAimsAtEachRunsEnds() {
    let calls =
      ["ftruncate(8, 3) = 0"] + Array(repeating: "pwrite64(8, \"\", 8, 0) = 8", count: 8)
      + Array(repeating: "pwrite64(7, \"\", 24, 0) = 24", count: 5)
      + ["fdatasync(7) = 0", "rename(\"a\", \"b\") = 0", "fdatasync(9) = 0"]
    let log = calls.map { "4680  " + $0 }.joined(separator: "\n")
    #expect(
      Self.plan(calls: log, full: false).map { "\($0.call)#\($0.occurrence)" } == [
        "ftruncate#1", "pwrite64#1", "pwrite64#8", "pwrite64#9", "pwrite64#13", "fdatasync#1", "rename#1",
        "fdatasync#2",
      ])
    #expect(
      Self.plan(calls: log, full: true).map { "\($0.call)#\($0.occurrence)" } == [
        "ftruncate#1", "pwrite64#1", "pwrite64#5", "pwrite64#8", "pwrite64#9", "pwrite64#11", "pwrite64#13",
        "fdatasync#1", "rename#1", "fdatasync#2",
      ])
  }

  /// The kill points of one write, from its traced calls, in their order: a run of one call on one file (SQLite's
  /// page writes to its log, say) is a phase of the write, and the plan aims at its first call and its last (and its
  /// middle one with `full`, `ESSENTIALFEED_CRASH_TRIALS=full`). The occurrences count each call apart, as strace's
  /// `when=` does.
  static func plan(calls log: String, full: Bool = CrashTrials.full) -> [(call: String, occurrence: Int)] {
    aim(at: phases(calls: log), full: full)
  }

  /// The kill points of a write's phases: the first call and the last of each, and the middle one with `full`. The
  /// calls between the ends of a run leave what its ends leave, part of the run written: a kill at each of them (CI
  /// did, 87 a SQLite write after two others, where the ends and middles are 11) found nothing the ends did not.
  static func aim(
    at phases: [[(call: String, occurrence: Int)]], full: Bool = CrashTrials.full
  ) -> [(call: String, occurrence: Int)] {
    phases.flatMap { phase in
      guard phase.count > 2 else { return phase }
      return full ? [phase[0], phase[phase.count / 2], phase[phase.count - 1]] : [phase[0], phase[phase.count - 1]]
    }
  }

  /// The traced calls of one write, as runs of one call on one file (its first argument).
  static func phases(calls log: String) -> [[(call: String, occurrence: Int)]] {
    var counts: [String: Int] = [:]
    var phases: [[(call: String, occurrence: Int)]] = []
    var file: (call: String, argument: Substring)?
    for line in log.split(separator: "\n") {
      // strace -f writes each line as the pid, padded with spaces to five characters, then the call.
      guard let text = line.split(separator: " ", maxSplits: 1).last?.drop(while: { $0 == " " }) else { continue }
      let name = String(text.prefix(while: { $0 != "(" }))
      guard killPoints.contains(name) else { continue }
      let argument = text.drop(while: { $0 != "(" }).dropFirst().prefix(while: { $0 != "," && $0 != ")" })
      let occurrence = counts[name, default: 0] + 1
      counts[name] = occurrence
      if let file, file.call == name, file.argument == argument, !phases.isEmpty {
        phases[phases.count - 1].append((name, occurrence))
      } else {
        phases.append([(name, occurrence)])
      }
      file = (name, argument)
    }
    return phases
  }

  /// One write of the crash writer: its store and mode, the writes the store holds before it, and its serial.
  private struct Write: Sendable {
    let kind: ShippedStore
    let mode: String
    let history: [Int]
    let serial: Int

    /// What the store holds when the write is killed before it lands: the last write before it, or nothing.
    var old: Int? { history.last }
  }

  /// Writes `write`'s history in `directory`'s "reference", traces `write` on a copy, then kills it at each point of
  /// its plan (the ends of each phase, and its middle with `full`), each on a copy of its own, one a core, and checks
  /// that the store holds the old feed or the new, exactly; returns how many phases the write had.
  private static func killAtEachCall(_ write: Write, in directory: URL, full: Bool) async throws -> Int {
    let writer = try #require(crashWriterExecutable(), "StoreCrashWriter was not built beside the tests")
      .path(percentEncoded: false)
    let strace = try #require(strace)
    let (reference, phases) = try await trace(write, in: directory)
    let plan = aim(at: phases, full: full)
    let label = "\(write.mode) on \(write.kind.rawValue) after \(write.history.count) writes"
    try #require(!plan.isEmpty, "no disk call traced in a \(label)")
    let held = try await concurrentMap(Array(plan.enumerated())) { entry in
      let (call, occurrence) = entry.element
      let trial = directory.appending(path: "trial-\(entry.offset)")
      try FileManager.default.copyItem(at: reference, to: trial)
      defer { try? FileManager.default.removeItem(at: trial) }
      let status = try await run(
        [strace, "-f", "-qq", "-o", "/dev/null", "-e", "inject=\(call):signal=SIGKILL:when=\(occurrence)", writer],
        write, in: trial)
      let point = "\(label): killed at \(call) #\(occurrence) (exit \(status))"
      #expect(status != 0, "\(point): the writer was not killed there")
      return try await heldWrite(write, in: trial, point: point)
    }
    print(
      "\(label): killed at \(plan.count) disk calls of \(phases.count) phases, "
        + "\(held.count { $0 == write.old }) held the old feed (\(write.old.map(String.init) ?? "none")), "
        + "\(held.count { $0 == write.serial }) the new")
    return phases.count
  }

  /// Writes `write`'s history in `directory`'s "reference" and traces `write` on a copy: the reference and the
  /// write's disk calls, as phases.
  private static func trace(_ write: Write, in directory: URL) async throws -> (
    reference: URL, phases: [[(call: String, occurrence: Int)]]
  ) {
    let writer = try #require(crashWriterExecutable(), "StoreCrashWriter was not built beside the tests")
      .path(percentEncoded: false)
    let strace = try #require(strace)
    let (reference, traced) = (directory.appending(path: "reference"), directory.appending(path: "traced"))
    try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
    for serial in write.history {
      let written = Write(kind: write.kind, mode: write.mode, history: [], serial: serial)
      try #require(try await run([writer], written, in: reference) == 0, "write \(serial) of the history failed")
    }
    let log = directory.appending(path: "calls.log").path(percentEncoded: false)
    try FileManager.default.copyItem(at: reference, to: traced)
    let options = ["-f", "-qq", "-o", log, "-e", "trace=" + killPoints.joined(separator: ",")]
    try #require(try await run([strace] + options + [writer], write, in: traced) == 0)
    return (reference, phases(calls: try String(contentsOfFile: log, encoding: .utf8)))
  }

  /// The write the store in `directory` holds after a kill, or `nil` for none, after checking that it is the old
  /// write or the new, exactly, and that no cache is what the store held before the write.
  private static func heldWrite(_ write: Write, in directory: URL, point: String) async throws -> Int? {
    let cache: CachedFeed?
    do {
      cache = try await write.kind.makeStore(at: write.kind.location(in: directory)).retrieve()
    } catch {
      Issue.record("\(point): retrieval failed: \(error)")
      return nil
    }
    guard let cache else {
      #expect(write.old == nil, "\(point): no cache, where write \(write.old ?? 0) was")
      return nil
    }
    let serial = try #require(CrashFeed.serial(of: cache.timestamp), "\(point): a timestamp no write wrote")
    #expect(
      [write.old, write.serial].contains(serial),
      "\(point): holds write \(serial), neither the old, \(write.old.map(String.init) ?? "none"), nor the new")
    #expect(cache.feed == CrashFeed.feed(serial: serial).map(LocalFeedImage.init), "\(point): write \(serial) is torn")
    return serial
  }

  /// Runs the writer under `command` (the writer alone, or strace and its options before it) for `write` alone on the
  /// store in `directory`; its exit status (137, say, when the kill came).
  private static func run(_ command: [String], _ write: Write, in directory: URL) async throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    let location = write.kind.location(in: directory).path(percentEncoded: false)
    process.arguments =
      Array(command.dropFirst()) + [write.kind.rawValue, location, String(write.serial), write.mode, "once"]
    process.standardError = FileHandle.nullDevice
    try process.run()
    await process.exited()
    return process.terminationStatus
  }
}

/// strace, where it is installed (Linux).
private let strace = ["/usr/bin/strace", "/bin/strace"].first(where: FileManager.default.isExecutableFile(atPath:))
