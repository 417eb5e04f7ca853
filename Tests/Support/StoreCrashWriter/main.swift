import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport

// Writes feeds in a loop until killed: the child process of the crash-consistency tests.
// Usage: StoreCrashWriter <codable|filesystem|sqlite> <path> <first serial> <insert|save> [once | kill-in <n> | paced]
// Write N caches `CrashFeed.feed(serial: N)` with timestamp N seconds after the reference date, so whatever the
// store holds after a kill says which write it came from and what it must contain. `insert` calls the store
// directly; `save` goes through `LocalFeedLoader.save` (the store's atomic replace). With `once`, it writes one
// feed and exits, for the tests that trace its system calls. With `kill-in n`, it kills itself with SIGKILL after
// n whole writes, at a random moment of the next one: a moment drawn over the length of the write before, so the
// kill lands inside a write however slowly the machine runs, and no write runs on while a busy parent gets round
// to the kill (beside the whole suite, a parent's kill came 40 writes late). With `paced`, each write after the first
// waits for a byte on standard input (and the writer ends at its end): a reader that lets each writer write once per
// read of its own keeps them side by side however busy it is (beside the whole suite, two writers that did not wait
// wrote about a thousand feeds each while the reader made 50 reads).

let arguments = CommandLine.arguments
let usage =
  "usage: StoreCrashWriter <codable|filesystem|sqlite> <path> <first serial> <insert|save> [once | kill-in <n> | paced]"
guard (5...7).contains(arguments.count), let first = Int(arguments[3]), ["insert", "save"].contains(arguments[4]),
  arguments.count == 5 || (arguments.count == 6 && ["once", "paced"].contains(arguments[5]))
    || (arguments.count == 7 && arguments[5] == "kill-in" && (Int(arguments[6]) ?? 0) >= 1)
else {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(2)
}
guard let kind = ShippedStore(rawValue: arguments[1]), ShippedStore.persistent.contains(kind) else {
  FileHandle.standardError.write(Data("unknown persistent store kind \(arguments[1])\n".utf8))
  exit(2)
}
let store = kind.makeStore(at: URL(fileURLWithPath: arguments[2]))

let throughLoader = arguments[4] == "save"
let once = arguments.count == 6 && arguments[5] == "once"
let paced = arguments.count == 6 && arguments[5] == "paced"
let killIn = arguments.count == 7 ? Int(arguments[6]) : nil
var serial = first
var lastWrite = Duration.milliseconds(1)
while true {
  if let killIn, serial - first == killIn { SelfKill.arm(within: lastWrite * 1.25) }
  if paced, serial > first {
    var go: UInt8 = 0
    guard read(STDIN_FILENO, &go, 1) == 1 else { exit(0) }
  }
  let started = ContinuousClock.now
  let now = serial
  let feed = CrashFeed.feed(serial: serial)
  do {
    if throughLoader {
      try await LocalFeedLoader(store: store, currentDate: { CrashFeed.timestamp(serial: now) }).save(feed)
    } else {
      try await store.insert(feed.map(LocalFeedImage.init), timestamp: CrashFeed.timestamp(serial: now))
    }
  } catch {
    FileHandle.standardError.write(Data("save \(serial) failed: \(error)\n".utf8))
    exit(1)
  }
  lastWrite = started.duration(to: .now)
  if once { exit(0) }
  // Tell the parent each whole write that landed: the first tells it what the store must at least hold after the
  // kill, and the parent kills after a random number of the others, in the middle of a later one.
  FileHandle.standardOutput.write(Data("\(serial == first ? "ready" : "wrote") \(serial)\n".utf8))
  serial += 1
}

/// A SIGKILL the writer sends itself from a thread of its own, while its main thread writes.
enum SelfKill {
  /// Kills the process at a moment drawn uniformly from now to `within` from now.
  static func arm(within: Duration) {
    let (seconds, attoseconds) = within.components
    let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    let delay = UInt32(clamping: Int64.random(in: 0...max(1, microseconds)))
    Thread.detachNewThread {
      usleep(delay)
      kill(getpid(), SIGKILL)
    }
  }
}
