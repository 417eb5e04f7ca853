import Foundation
import Synchronization

/// The loop the randomized specs share: a seed that a failure prints and `verify(seed:)` or `ESSENTIALFEED_SPEC_SEED`
/// replays, and rounds until both a minimum count and a time budget are spent, so a fast store gets more rounds, not a
/// shorter run, and a slow one still gets enough.
enum RandomizedRounds {
  /// The environment variable that replays a seed a failure printed: `ESSENTIALFEED_SPEC_SEED=1234 swift test`.
  static let seedVariable = "ESSENTIALFEED_SPEC_SEED"

  /// The seed the caller gave, else the one in ``seedVariable``, else a random one.
  static func seed(_ given: UInt64?, environment: [String: String] = ProcessInfo.processInfo.environment) -> UInt64 {
    given ?? environment[seedVariable].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
  }

  /// The seed, and the two ways to run the same rounds again, for a failure's comment.
  static func replay(_ seed: UInt64) -> String {
    "seed \(seed); replay with \(seedVariable)=\(seed) swift test, or with verify(seed: \(seed))"
  }

  /// Runs `round` with a generator seeded from `seed`, until it returns `false` (a failure was recorded), or at least
  /// `minimum` rounds ran and `budget` is spent, or `maximum` rounds ran.
  static func run(
    seed: UInt64, minimum: Int = 150, maximum: Int = 3_000, budget: Duration = .seconds(2),
    _ round: (_ index: Int, _ rng: inout SplitMix64) async -> Bool
  ) async {
    var rng = SplitMix64(seed: seed)
    let clock = ContinuousClock()
    let deadline = clock.now + budget
    for index in 0..<maximum {
      guard await round(index, &rng) else { return }
      if index + 1 >= minimum, clock.now >= deadline { return }
    }
  }
}

/// Holds every operation of a round until all have arrived, then releases them at once, so they start together on
/// as many threads as the pool has: races that need real parallelism, not an `await`, get their chance.
final class StartingGate: Sendable {
  private struct State {
    var expected: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state: Mutex<State>

  init(parties: Int) {
    state = Mutex(State(expected: parties))
  }

  func arriveAndWait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let released: [CheckedContinuation<Void, Never>] = state.withLock { state in
        state.waiting.append(continuation)
        guard state.waiting.count == state.expected else { return [] }
        defer { state.waiting = [] }
        return state.waiting
      }
      for waiting in released { waiting.resume() }
    }
  }
}

/// A task executor over a dispatch queue of its own, so each operation of a round runs on its own thread, outside
/// the cooperative pool: even on a machine whose pool threads are all busy with other tests, the operations overlap
/// and the system's preemption interleaves them, which exposes races that need no `await`.
final class OperationThreadExecutor: TaskExecutor {
  private let queue: DispatchQueue

  init(index: Int) {
    queue = DispatchQueue(label: "EssentialFeedSpecs.operation-\(index)")
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }

  func asUnownedTaskExecutor() -> UnownedTaskExecutor {
    UnownedTaskExecutor(ordinary: self)
  }

  /// Executors for up to eight operations at once, shared by every round.
  static let shared: [OperationThreadExecutor] = (0..<8).map(OperationThreadExecutor.init(index:))

  /// The one thread on which a round's operations take turns (``Linearizability/Threads/one``).
  static let turns = OperationThreadExecutor(index: 8)
}
