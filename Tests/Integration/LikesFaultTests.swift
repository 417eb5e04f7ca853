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
    .enabled(if: strace != nil, "strace injects the kills (apt-get install strace); .ci/run installs it"),
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
      let plans = try await killPlans(feed, common: common)
      var history: [UUID: [(liked: Bool, acknowledged: Bool)]] = [:]
      var killed = 0
      // Each kill is an event, never a time: strace's fault injection sends SIGKILL as the process enters one of the
      // calls a traced like or sync made to write the store or talk to the server (a process whose path differs,
      // the server failing, say, may never make it and runs to its end).
      for _ in 0..<60 {
        let image = Self.images[Int(rng.next() % 20)]
        let liked = rng.next() % 2 == 0
        let killAt = rng.next() % 5 < 3 ? plans.action[Int(rng.next() % UInt64(plans.action.count))] : nil
        let status = try await run(feed, [liked ? "like" : "discard", image.uuidString] + common, killAt: killAt)
        if status == nil { killed += 1 }
        history[image, default: []].append((liked, status == 0))
        if rng.next() % 2 == 0 {
          let syncKill = plans.sync[Int(rng.next() % UInt64(plans.sync.count))]
          if try await run(feed, ["sync"] + common, killAt: syncKill) == nil { killed += 1 }
        }
      }
      for _ in 0..<50 {
        if try await run(feed, ["sync", "--json"] + common, killAt: nil, output: true) == 0 { break }
      }

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
      #expect(killed >= 20, "only \(killed) writers were killed (seed \(seed))")
      print(
        "LKF-2 \(kind.name): 60 actions, \(killed) processes killed with SIGKILL, \(snapshot.applied.count) keys "
          + "applied once each (\(snapshot.repeats) repeated requests absorbed), faults \(snapshot.failedBefore) before / \(snapshot.failedAfter) after applying, seed \(seed)"
      )
    }
  }

  /// The calls where a like, a discard or a sync changes the store or talks to the server: both stores' writes and
  /// flushes (not `write`: the runtime writes to an eventfd in every thread; a kill just before a file store's data
  /// lands is the kill at the `fsync` right after it), the file store's rename, and the request's connect, send and
  /// receive.
  static let killCalls = [
    "pwrite64", "fsync", "fdatasync", "rename", "ftruncate", "unlink", "connect", "sendto", "recvfrom",
  ]

  /// The kill points of a like and of a sync with one action pending, on a store of their own and for an image the
  /// trials never touch: each of ``killCalls`` a traced run of each made, at each of its occurrences in
  /// its thread, as strace's `when=` counts them.
  private func killPlans(_ feed: URL, common: [String]) async throws -> (
    action: [(call: String, occurrence: Int)], sync: [(call: String, occurrence: Int)]
  ) {
    try await withTemporaryDirectory { directory in try await killPlans(feed, common: common, in: directory) }
  }

  private func killPlans(_ feed: URL, common: [String], in directory: URL) async throws -> (
    action: [(call: String, occurrence: Int)], sync: [(call: String, occurrence: Int)]
  ) {
    let strace = try #require(strace)
    let image = DemoFeed.item(at: 20).id.uuidString
    var arguments = common
    let store = try #require(arguments.firstIndex(of: "--store")) + 1
    arguments[store] = directory.appending(path: "traced").path(percentEncoded: false)
    let log = directory.appending(path: "calls.log").path(percentEncoded: false)
    let trace = [strace, "-f", "-qq", "-o", log, "-e", "trace=" + Self.killCalls.joined(separator: ",")]
    // An action stored offline (which takes no --url, the first two arguments): the store exists before the traced
    // like, as it does for every like of the trials but the first, and the traced sync has an action to send.
    try #require(arguments.first == "--url")
    let storeOffline = ["discard", image, "--offline"] + arguments.dropFirst(2)
    try #require(try await run(feed, storeOffline, killAt: nil) == 0)
    _ = try await run(feed, ["like", image] + arguments, prefix: trace)
    let action = Self.plan(calls: try String(contentsOfFile: log, encoding: .utf8))
    try #require(try await run(feed, storeOffline, killAt: nil) == 0)
    _ = try await run(feed, ["sync"] + arguments, prefix: trace)
    let sync = Self.plan(calls: try String(contentsOfFile: log, encoding: .utf8))
    try #require(!action.isEmpty && !sync.isEmpty, "no kill point traced: like \(action), sync \(sync)")
    return (action, sync)
  }

  /// The kill points in an strace log: each call at each of its occurrences in its thread (the pid that starts the
  /// line), in order.
  static func plan(calls log: String) -> [(call: String, occurrence: Int)] {
    var counts: [String: Int] = [:]
    var plan: [(call: String, occurrence: Int)] = []
    for line in log.split(separator: "\n") {
      let fields = line.split(separator: " ", maxSplits: 1)
      guard fields.count == 2 else { continue }
      let name = String(fields[1].drop(while: { $0 == " " }).prefix(while: { $0 != "(" }))
      guard killCalls.contains(name) else { continue }
      let key = "\(fields[0]) \(name)"
      counts[key, default: 0] += 1
      let point = (call: name, occurrence: counts[key, default: 0])
      if !plan.contains(where: { $0 == point }) { plan.append(point) }
    }
    return plan
  }

  /// Runs `executable` and returns its exit status, or `nil` when SIGKILL ended it, at `killAt` (strace's fault
  /// injection). With `output`, the status is 0 only when a `sync --json` printed no pending action. The waiting
  /// blocks a dispatch thread, never one of the cooperative pool's two: the suites beside this one serve HTTP on those.
  private func run(
    _ executable: URL, _ arguments: [String], killAt: (call: String, occurrence: Int)?, output: Bool = false
  ) async throws -> Int32? {
    let kill = killAt.flatMap { point in
      strace.map {
        [$0, "-f", "-qq", "-o", "/dev/null", "-e", "inject=\(point.call):signal=SIGKILL:when=\(point.occurrence)"]
      }
    }
    return try await run(executable, arguments, prefix: kill ?? [], output: output)
  }

  /// Runs `executable` under `prefix` (strace and its options, say).
  private func run(_ executable: URL, _ arguments: [String], prefix: [String], output: Bool = false) async throws
    -> Int32?
  {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try Self.runBlocking(prefix, executable, arguments, output) })
      }
    }
  }

  private static func runBlocking(_ prefix: [String], _ executable: URL, _ arguments: [String], _ output: Bool)
    throws -> Int32?
  {
    // At the lowest priority: the suites running beside this one serve HTTP in-process, and must not starve.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
    process.arguments = ["-n", "19"] + prefix + [executable.path(percentEncoded: false)] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let printed = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // strace ends as its tracee did: killed by SIGKILL, or, by some versions, with exit status 137.
    if process.terminationReason == .uncaughtSignal || process.terminationStatus == 128 + SIGKILL { return nil }
    guard output else { return process.terminationStatus }
    let pending = (try? JSONSerialization.jsonObject(with: printed) as? [String: Any])?["pending"] as? Int
    return process.terminationStatus == 0 && pending == 0 ? 0 : 1
  }
}

/// strace, where it is installed (Linux).
private let strace = ["/usr/bin/strace", "/bin/strace"].first(where: FileManager.default.isExecutableFile(atPath:))
