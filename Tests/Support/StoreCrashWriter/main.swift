import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport

// Writes feeds in a loop until killed: the child process of the crash-consistency tests.
// Usage: StoreCrashWriter <codable|filesystem|sqlite> <path> <first serial> <insert|save> [once]
// Write N caches `CrashFeed.feed(serial: N)` with timestamp N seconds after the reference date, so whatever the
// store holds after a kill says which write it came from and what it must contain. `insert` calls the store
// directly; `save` goes through `LocalFeedLoader.save` (the store's atomic replace). With `once`, it writes one
// feed and exits, for the tests that trace its system calls.

let arguments = CommandLine.arguments
guard (5...6).contains(arguments.count), let first = Int(arguments[3]), ["insert", "save"].contains(arguments[4]),
  arguments.count == 5 || arguments[5] == "once"
else {
  FileHandle.standardError.write(
    Data("usage: StoreCrashWriter <codable|filesystem|sqlite> <path> <first serial> <insert|save> [once]\n".utf8))
  exit(2)
}
guard let kind = ShippedStore(rawValue: arguments[1]), ShippedStore.persistent.contains(kind) else {
  FileHandle.standardError.write(Data("unknown persistent store kind \(arguments[1])\n".utf8))
  exit(2)
}
let store = kind.makeStore(at: URL(fileURLWithPath: arguments[2]))

let throughLoader = arguments[4] == "save"
let once = arguments.count == 6
var serial = first
while true {
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
  if once { exit(0) }
  // Tell the parent each whole write that landed: the first tells it what the store must at least hold after the
  // kill, and the parent kills after a random number of the others, in the middle of a later one.
  FileHandle.standardOutput.write(Data("\(serial == first ? "ready" : "wrote") \(serial)\n".utf8))
  serial += 1
}
