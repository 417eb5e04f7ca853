import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Tag {
  /// Tests that kill child processes: by default a few dozen per store, aimed at each phase of a write (CC-4, CC-5,
  /// CC-6) and at random moments (CC-1, CC-2), one a core; `ESSENTIALFEED_CRASH_TRIALS=full` runs CI's count.
  @Tag static var crashTrials: Self
}

/// How many random-moment trials run: CI's full count with `ESSENTIALFEED_CRASH_TRIALS=full` (`.ci/run` sets it),
/// a tenth of it by default, so that `swift test` is not bounded by them; the aimed trials (CC-4, CC-5, CC-6) kill
/// at the ends of each phase of a write either way, and CC-4 at its middle too with the full count.
enum CrashTrials {
  static let full = ProcessInfo.processInfo.environment["ESSENTIALFEED_CRASH_TRIALS"] == "full"
  static let inserts = full ? 50 : 5
  static let saves = full ? 200 : 20
  /// The writes the kills aimed at a store's own phases (its first write, CC-5, its log's checkpoint, CC-6) are tried
  /// on: the loader's save, the app's write, by default; inserts too with the full count (the store's phases are the
  /// same in both; CC-4 tries both always).
  static let storePhaseModes = full ? ["insert", "save"] : ["save"]
  /// The least reads SQL-3's reader makes while two processes write the file.
  static let concurrentReads = full ? 300 : 50
}

// Not serialized: each store's trials are chains of processes of their own, on directories of their own, and run
// beside the other stores' (the kills are events the writer reports, never a time).
@Suite("Crash consistency", .tags(.crashTrials))
struct CrashConsistencyTests {
  @Test(
    "CC-1 a store killed with SIGKILL mid-insert holds the old feed or the new, never an error or a mix",
    arguments: ShippedStore.persistent)
  func sigkillDuringInserts(kind: ShippedStore) async throws {
    let outcome = try await runTrials(kind, mode: "insert", trials: CrashTrials.inserts)
    #expect(outcome.emptied == 0, "\(outcome.emptied) trials left an empty cache after the first insert")
  }

  @Test(
    "CC-2 a save killed with SIGKILL holds the old feed or the new, never no cache, an error or a mix",
    arguments: ShippedStore.persistent)
  func sigkillDuringSaves(kind: ShippedStore) async throws {
    let trials = CrashTrials.saves
    let outcome = try await runTrials(kind, mode: "save", trials: trials)
    #expect(outcome.emptied == 0, "\(outcome.emptied) of \(trials) trials left no cache after the first save")
  }

  private struct Outcome: Sendable {
    var advanced = 0
    var emptied = 0
    var lastSerial = 0
  }

  /// Reads `count` lines from `handle`, or fewer when it ends first; returns how many it read.
  private static func readLines(_ count: Int, from handle: FileHandle) -> Int {
    var lines = 0
    while lines < count {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      lines += chunk.count { $0 == UInt8(ascii: "\n") }
    }
    return min(lines, count)
  }

  /// Runs the writer `trials` times, killing it at a random moment each time, and checks what the store holds: in
  /// chains, one a core, each chain on a store of its own, so a trial also starts from the store the trial before it
  /// killed. On a memory file system where there is one: a SIGKILL leaves the kernel's page cache, so what a killed
  /// writer leaves there is what it leaves on a disk, without the wait for each `fsync` (CC-3 checks those).
  private func runTrials(_ kind: ShippedStore, mode: String, trials: Int) async throws -> Outcome {
    let writer = try #require(crashWriterExecutable(), "StoreCrashWriter was not built beside the tests")
    return try await withTemporaryDirectory(preferringMemory: true) { directory in
      let width = min(trials, ProcessInfo.processInfo.activeProcessorCount)
      let chains = (0..<width).map { (index: $0, trials: trials / width + ($0 < trials % width ? 1 : 0)) }
      let outcomes = try await concurrentMap(chains, width: width) { chain in
        let store = directory.appending(path: "chain-\(chain.index)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        return try await Self.runChain(
          writer, kind, mode, trials: chain.trials, in: store, name: "chain \(chain.index)")
      }
      let outcome = Outcome(
        advanced: outcomes.map(\.advanced).reduce(0, +), emptied: outcomes.map(\.emptied).reduce(0, +),
        lastSerial: outcomes.map(\.lastSerial).max() ?? 0)
      print(
        "\(mode) on \(kind.rawValue): \(trials) SIGKILL trials in \(width) chains, \(outcome.advanced) held a newer "
          + "write, \(outcome.emptied) left no cache, last write \(outcome.lastSerial)")
      return outcome
    }
  }

  /// Runs the writer `trials` times one after the other on the store in `directory`, killing it at a random moment
  /// each time, and checks what the store holds after each.
  private static func runChain(
    _ writer: URL, _ kind: ShippedStore, _ mode: String, trials: Int, in directory: URL, name: String
  ) async throws -> Outcome {
    let location = kind.location(in: directory)
    var outcome = Outcome()
    for trial in 1...trials {
      let process = Process()
      let output = Pipe()
      process.executableURL = writer
      process.standardOutput = output
      let firstSerial = outcome.lastSerial + 1
      // The writer kills itself after the trial's first write has landed and a random number of writes after it,
      // at a random moment of the next write: the kill never waits for this process, however busy the machine.
      let writes = 1 + Int.random(in: 0...3)
      process.arguments = [
        kind.rawValue, location.path(percentEncoded: false), String(firstSerial), mode, "kill-in", String(writes),
      ]
      try process.run()
      let reported = await offPool { readLines(writes + 2, from: output.fileHandleForReading) }
      #expect(reported >= writes, "\(name), trial \(trial): the writer ended before its \(writes) writes")
      await process.exited()
      #expect(process.terminationReason == .uncaughtSignal, "\(name), trial \(trial): the writer ended on its own")

      let cache: CachedFeed?
      do {
        cache = try await kind.makeStore(at: location).retrieve()
      } catch {
        Issue.record("\(name), trial \(trial): retrieval failed after SIGKILL: \(error)")
        return outcome
      }
      guard let cache else {
        outcome.emptied += 1
        continue
      }
      let serial = try #require(
        CrashFeed.serial(of: cache.timestamp), "\(name), trial \(trial): a timestamp no save wrote")
      #expect(
        serial >= firstSerial,
        "\(name), trial \(trial): holds write \(serial), older than the trial's first, \(firstSerial)")
      #expect(
        cache.feed == CrashFeed.feed(serial: serial).map(LocalFeedImage.init),
        "\(name), trial \(trial): write \(serial) is torn")
      if serial > outcome.lastSerial { outcome.advanced += 1 }
      outcome.lastSerial = serial
    }
    return outcome
  }
}
