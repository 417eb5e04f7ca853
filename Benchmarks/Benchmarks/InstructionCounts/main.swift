import CallgrindControl
import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Runs one side of one pair at one size, for `scripts/bench --check`, which counts its instructions under valgrind's
// callgrind: `InstructionCounts <pair> <ours|raw> <size>`; `InstructionCounts list` prints each pair's name, goal,
// limit and sizes. The setup (the data, the store, a warm-up of both sides at size 1) runs uncounted; the side's work
// runs with counting on and is dumped under its name: the instructions of the work alone, without the program's start,
// the setup or its end. One side per process: run after the other, a side finds the heap the other left (the raw
// pending likes counted 16 % fewer instructions after ours than alone).
//
// `InstructionCounts batch` reads measurements from standard input, a line `<pair>\t<side>\t<size>` each, and runs each
// in a process of its own forked from this one, dumped as `<pair>|<side>|<size>`; when it has ended, it writes `done`
// and the child's status on a line. Every child starts from the same fresh process, as a run of its own would, without
// paying valgrind's start again (0.65 s a run, a third of the check's time), and the driver hands each batch its next
// measurement as the last one ends.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
  FileHandle.standardError.write(
    Data("usage: InstructionCounts list | <pair> <ours|raw> <size> | batch (measurements on standard input)\n".utf8))
  exit(2)
}
if name == "list" {
  for pair in Pair.all {
    print("\(pair.name)\t\(pair.goal)\t\(pair.limit)\t\(pair.sizes.map(String.init).joined(separator: ","))")
  }
  exit(0)
}
if name == "batch" {
  while let line = readLine() {
    guard let measurement = Measurement(arguments: line.split(separator: "\t").map(String.init)) else {
      FileHandle.standardError.write(Data("InstructionCounts: unknown pair, side or size in batch: \(line)\n".utf8))
      exit(2)
    }
    // Forked before any thread starts (the parent never starts a task): the child is a single-threaded copy.
    let child = fork()
    if child == 0 { measurement.run(dump: measurement.dumpName) }
    var status: Int32 = -1
    if child > 0 { _ = waitpid(child, &status, 0) }
    FileHandle.standardOutput.write(Data("done \(status)\n".utf8))  // unbuffered: a child copies no pending output
  }
  exit(0)
}
guard let measurement = Measurement(arguments: arguments) else {
  FileHandle.standardError.write(Data("InstructionCounts: unknown pair, side or size: \(arguments)\n".utf8))
  exit(2)
}
measurement.run(dump: measurement.side)

/// One side of one pair at one size.
struct Measurement {
  let pair: Pair
  let side: String
  let size: Int

  /// The measurement `<pair> <ours|raw> <size>` names, or `nil`.
  init?(arguments: [String]) {
    guard arguments.count == 3, let pair = Pair.all.first(where: { $0.name == arguments[0] }),
      ["ours", "raw"].contains(arguments[1]), let size = Int(arguments[2]), size > 0
    else { return nil }
    (self.pair, side, self.size) = (pair, arguments[1], size)
  }

  /// The name of its dump in a batch.
  var dumpName: String { "\(pair.name)|\(side)|\(size)" }

  /// Counts the side's work, dumped as `dump`, and exits: 0, or 1 with the error on standard error.
  func run(dump: String) -> Never {
    // A synchronous main that waits for the work: valgrind 3.19 crashes on Swift's async main (dispatchMain).
    let done = DispatchSemaphore(value: 0)
    let failure = Failure()
    let (pair, side, size) = (pair, side, size)
    Task.detached {
      do {
        let warm = try await pair.prepare(1)
        try await warm.ours()
        try await warm.raw()
        let sides = try await pair.prepare(size)
        callgrind_count_start()
        try await (side == "ours" ? sides.ours : sides.raw)()
        callgrind_count_dump(dump)
        callgrind_count_stop()
        // The stores stay alive until the process exits: their teardown (a database's close and checkpoint) is not
        // the work's, and would otherwise race with the exit.
        withExtendedLifetime(sides) {
          done.signal()
          DispatchSemaphore(value: 0).wait()
        }
      } catch {
        failure.record(error)
        done.signal()
      }
    }
    done.wait()
    Scratch.removeAll()
    if let error = failure.error {
      FileHandle.standardError.write(Data("InstructionCounts: \(error)\n".utf8))
      exit(1)
    }
    exit(0)
  }
}

/// The error the work ended with, if any.
final class Failure: Sendable {
  private let state = Mutex<(any Error)?>(nil)
  var error: (any Error)? { state.withLock { $0 } }
  func record(_ error: any Error) { state.withLock { $0 = error } }
}
