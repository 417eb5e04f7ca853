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
  /// Tests that kill child processes: by default a few dozen per store, aimed at each system call of a write
  /// (CC-4) and at random moments (CC-1, CC-2); `ESSENTIALFEED_CRASH_TRIALS=full` runs CI's count.
  @Tag static var crashTrials: Self
}

/// How many random-moment trials run: CI's full count with `ESSENTIALFEED_CRASH_TRIALS=full` (`.ci/run` sets it),
/// a tenth of it by default, so that `swift test` is not bounded by them; the aimed trials of CC-4 cover every kill
/// point of a write either way.
enum CrashTrials {
  static let full = ProcessInfo.processInfo.environment["ESSENTIALFEED_CRASH_TRIALS"] == "full"
  static let inserts = full ? 50 : 5
  static let saves = full ? 200 : 20
}

// Not serialized: each store's trials are a chain of processes of their own, on a directory of their own, and run
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

  private struct Outcome {
    var advanced = 0
    var emptied = 0
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

  /// Runs the writer `trials` times, killing it at a random moment each time, and checks what the store holds.
  private func runTrials(_ kind: ShippedStore, mode: String, trials: Int) async throws -> Outcome {
    let writer = try #require(crashWriterExecutable(), "StoreCrashWriter was not built beside the tests")
    return try await withTemporaryDirectory { directory in
      let location = kind.location(in: directory)
      var lastSerial = 0
      var outcome = Outcome()
      defer {
        print(
          "\(mode) on \(kind.rawValue): \(trials) SIGKILL trials, \(outcome.advanced) held a newer write, "
            + "\(outcome.emptied) left no cache, last write \(lastSerial)")
      }
      for trial in 1...trials {
        let process = Process()
        let output = Pipe()
        process.executableURL = writer
        process.standardOutput = output
        let firstSerial = lastSerial + 1
        process.arguments = [kind.rawValue, location.path(percentEncoded: false), String(firstSerial), mode]
        try process.run()
        // Kill after the trial's first write has landed and a random number of writes after it (events, not a
        // delay), so the kill lands in the middle of a later write at a moment the scheduler picks.
        let writes = 1 + Int.random(in: 0...3)
        let reported = await offPool { Self.readLines(writes, from: output.fileHandleForReading) }
        #expect(reported >= 1, "trial \(trial): the writer ended before its first write")
        kill(process.processIdentifier, SIGKILL)
        await process.exited()
        #expect(process.terminationReason == .uncaughtSignal, "trial \(trial): the writer ended on its own")

        let cache: CachedFeed?
        do {
          cache = try await kind.makeStore(at: location).retrieve()
        } catch {
          Issue.record("trial \(trial): retrieval failed after SIGKILL: \(error)")
          return outcome
        }
        guard let cache else {
          outcome.emptied += 1
          continue
        }
        let serial = try #require(CrashFeed.serial(of: cache.timestamp), "trial \(trial): a timestamp no save wrote")
        #expect(
          serial >= firstSerial, "trial \(trial): holds write \(serial), older than the trial's first, \(firstSerial)")
        #expect(
          cache.feed == CrashFeed.feed(serial: serial).map(LocalFeedImage.init),
          "trial \(trial): write \(serial) is torn")
        if serial > lastSerial { outcome.advanced += 1 }
        lastSerial = serial
      }
      return outcome
    }
  }
}
