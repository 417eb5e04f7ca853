import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import FeedDemoServer
import Foundation
import TestSupport
import Testing

/// Likes against a server that fails: nothing lost, nothing applied twice.
///
/// They spawn dozens of processes and keep an in-process server busy, which on a 2-core machine starves the app
/// suites' servers running beside them: `.ci/run` runs them in a step of their own, with
/// `ESSENTIALFEED_FAULT_TESTS=1 swift test --filter LikesFaultTests`.
@Suite(
  "Likes under faults", .serialized,
  .enabled(
    if: ProcessInfo.processInfo.environment["ESSENTIALFEED_FAULT_TESTS"] == "1",
    "run alone: ESSENTIALFEED_FAULT_TESTS=1 swift test --filter LikesFaultTests (.ci/run does)"))
struct LikesFaultTests {
  static let images = (0..<20).map { DemoFeed.item(at: $0).id }

  /// `ESSENTIALFEED_SPEC_SEED`, to replay a run, or a random seed (printed with the results).
  static func seed() -> UInt64 {
    ProcessInfo.processInfo.environment["ESSENTIALFEED_SPEC_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
  }

  @Test(
    "LKF-1 200 random likes and discards over 20 images with random syncs, against a server failing 30 % (half after applying): the server ends at the last intent, each key applied once",
    arguments: ShippedStore.offering((any PendingLikeActionStore).self, persistentOnly: true))
  func randomActionsAgainstFailingServer(kind: ShippedStore) async throws {
    let seed = Self.seed()
    var rng = SplitMix64(seed: seed)
    let likes = DemoLikes()
    let server = try await DemoFeedServer.start(failureRate: 0.3, likes: likes)
    defer { Task { await server.stop() } }
    try await withTemporaryDirectory { directory in
      let store = try #require(kind.makeStore(in: directory) as? any PendingLikeActionStore)
      let sender = RemoteLikeActionSender(baseURL: server.baseURL, client: URLSessionHTTPClient(session: .shared))
      let sync = LikeSynchronizer(store: store, sender: sender, sleep: { _ in throw CancellationError() })
      var intent: [UUID: Bool] = [:]
      var failedSends = 0
      for step in 0..<200 {
        let image = Self.images[Int(rng.next() % 20)]
        let kind: PendingLikeAction.Kind = rng.next() % 2 == 0 ? .like : .discard
        try await store.enqueue(
          PendingLikeAction(imageID: image, kind: kind, timestamp: Date(timeIntervalSinceReferenceDate: Double(step))))
        intent[image] = kind.liked
        if rng.next() % 4 == 0 { failedSends += await sync.sendPending().failed }
      }
      var passes = 0
      while try await !store.pendingActions().isEmpty, passes < 100 {
        failedSends += await sync.sendPending().failed
        passes += 1
      }

      let snapshot = likes.snapshot
      #expect(try await store.pendingActions().isEmpty, "still pending after 100 passes (seed \(seed))")
      #expect(Set(snapshot.liked) == Set(intent.filter(\.value).keys), "the server's likes (seed \(seed))")
      #expect(snapshot.conflicts == 0, "a key reused for another action (seed \(seed))")
      #expect(snapshot.failedAfter > 0 && snapshot.repeats > 0, "no answer was lost, or no key was sent again")
      #expect(snapshot.failedBefore + snapshot.failedAfter > 0, "no fault was injected")
      print(
        "LKF-1 \(kind): 200 actions, \(snapshot.applied.count) keys applied (once each: \(snapshot.repeats) repeated "
          + "requests absorbed by their key), faults injected \(snapshot.failedBefore) before applying and "
          + "\(snapshot.failedAfter) after (answer lost), "
          + "\(failedSends) failed sends, \(passes) final passes, seed \(seed)")
    }
  }

  @Test(
    "LKF-2 writers killed with SIGKILL at random points during like, discard and sync (60 trials per store): after a restart and a sync, nothing acknowledged is lost and no key is applied twice",
    arguments: FeedStorage.Kind.persistent)
  func killedWriters(kind: FeedStorage.Kind) async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    let seed = Self.seed()
    var rng = SplitMix64(seed: seed)
    let likes = DemoLikes()
    let server = try await DemoFeedServer.start(failureRate: 0.3, likes: likes)
    defer { Task { await server.stop() } }
    try await withTemporaryDirectory { directory in
      let common = [
        "--url", server.baseURL.absoluteString, "--store", directory.path(percentEncoded: false),
        "--store-kind", kind.name,
      ]
      var history: [UUID: [(liked: Bool, acknowledged: Bool)]] = [:]
      var killed = 0
      // The kill points are fractions of how long a whole run takes on this machine now (the median of the runs not
      // killed), not fixed durations: on a fast machine a fixed 100 ms outlives every writer, on a busy one every
      // writer is killed before it starts. The verdict depends on no duration.
      var runTimes = RunTimes()
      for _ in 0..<60 {
        let image = Self.images[Int(rng.next() % 20)]
        let liked = rng.next() % 2 == 0
        let killAfter = rng.next() % 5 < 3 ? runTimes.randomPoint(&rng) : nil
        let status = try await runTimes.timing(killAfter) {
          try await run(feed, [liked ? "like" : "discard", image.uuidString] + common, killAfter: killAfter)
        }
        if status == nil { killed += 1 }
        history[image, default: []].append((liked, status == 0))
        if rng.next() % 2 == 0 {
          let syncKill = runTimes.randomPoint(&rng)
          let syncStatus = try await runTimes.timing(syncKill) {
            try await run(feed, ["sync"] + common, killAfter: syncKill)
          }
          if syncStatus == nil { killed += 1 }
        }
      }
      for _ in 0..<50 where try await run(feed, ["sync", "--json"] + common, killAfter: nil, output: true) != 0 {}

      let snapshot = likes.snapshot
      let liked = Set(snapshot.liked)
      for (image, actions) in history {
        let lastAcknowledged = actions.lastIndex { $0.acknowledged }
        var possible = Set(actions[(lastAcknowledged ?? 0)...].map(\.liked))
        if lastAcknowledged == nil { possible.insert(false) }
        #expect(
          possible.contains(liked.contains(image)),
          "\(image): server \(liked.contains(image)), history \(actions) (seed \(seed))")
      }
      #expect(snapshot.conflicts == 0, "a key reused for another action (seed \(seed))")
      #expect(killed >= 20, "only \(killed) writers were killed")
      print(
        "LKF-2 \(kind.name): 60 actions, \(killed) processes killed with SIGKILL, \(snapshot.applied.count) keys "
          + "applied once each (\(snapshot.repeats) repeated requests absorbed), faults \(snapshot.failedBefore) before / \(snapshot.failedAfter) after applying, seed \(seed)"
      )
    }
  }

  /// Runs `executable` and returns its exit status, or `nil` when it was killed after `killAfter` seconds. With
  /// `output`, the status is 0 only when a `sync --json` printed no pending action. The waiting blocks a dispatch
  /// thread, never one of the cooperative pool's two: the suites beside this one serve HTTP on those.
  private func run(_ executable: URL, _ arguments: [String], killAfter: Double?, output: Bool = false) async throws
    -> Int32?
  {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try Self.runBlocking(executable, arguments, killAfter, output) })
      }
    }
  }

  private static func runBlocking(_ executable: URL, _ arguments: [String], _ killAfter: Double?, _ output: Bool)
    throws -> Int32?
  {
    // At the lowest priority: the suites running beside this one serve HTTP in-process, and must not starve.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
    process.arguments = ["-n", "19", executable.path(percentEncoded: false)] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    if let killAfter {
      usleep(useconds_t(killAfter * 1_000_000))
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    let printed = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal { return nil }
    guard output else { return process.terminationStatus }
    let pending = (try? JSONSerialization.jsonObject(with: printed) as? [String: Any])?["pending"] as? Int
    return process.terminationStatus == 0 && pending == 0 ? 0 : 1
  }
}

/// How long a writer runs to its end on this machine now, to choose kill points inside a run (LKF-2).
private struct RunTimes {
  private var seconds: [Double] = []

  /// A random point in a typical run: a uniform fraction of the median run, or a tenth of a second before any run
  /// was measured.
  func randomPoint(_ rng: inout SplitMix64) -> Double {
    let sorted = seconds.sorted()
    let median = sorted.isEmpty ? 0.1 : sorted[sorted.count / 2]
    return Double(rng.next() % 1_000) / 1_000 * median
  }

  /// Runs `body` and, when it had no kill point, records how long it took.
  mutating func timing(_ killAfter: Double?, _ body: () async throws -> Int32?) async rethrows -> Int32? {
    let start = ContinuousClock.now
    let status = try await body()
    if killAfter == nil, status != nil {
      let elapsed = ContinuousClock.now - start
      seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return status
  }
}
