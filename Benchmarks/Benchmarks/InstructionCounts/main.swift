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

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first else {
  FileHandle.standardError.write(Data("usage: InstructionCounts list | <pair> <ours|raw> <size>\n".utf8))
  exit(2)
}
if name == "list" {
  for pair in Pair.all {
    print("\(pair.name)\t\(pair.goal)\t\(pair.limit)\t\(pair.sizes.map(String.init).joined(separator: ","))")
  }
  exit(0)
}
guard let pair = Pair.all.first(where: { $0.name == name }), arguments.count == 3,
  let side = arguments.dropFirst().first, ["ours", "raw"].contains(side),
  let size = arguments.last.flatMap({ Int($0) }), size > 0
else {
  FileHandle.standardError.write(Data("InstructionCounts: unknown pair, side or size: \(arguments)\n".utf8))
  exit(2)
}
// A synchronous main that waits for the work: valgrind 3.19 crashes on Swift's async main (dispatchMain).
let done = DispatchSemaphore(value: 0)
let failure = Failure()
Task.detached {
  do {
    let warm = try await pair.prepare(1)
    try await warm.ours()
    try await warm.raw()
    let sides = try await pair.prepare(size)
    callgrind_count_start()
    try await (side == "ours" ? sides.ours : sides.raw)()
    callgrind_count_dump(side)
    callgrind_count_stop()
    // The stores stay alive until the process exits: their teardown (a database's close and checkpoint) is not the
    // work's, and would otherwise race with the exit.
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

/// The error the work ended with, if any.
final class Failure: Sendable {
  private let state = Mutex<(any Error)?>(nil)
  var error: (any Error)? { state.withLock { $0 } }
  func record(_ error: any Error) { state.withLock { $0 = error } }
}
