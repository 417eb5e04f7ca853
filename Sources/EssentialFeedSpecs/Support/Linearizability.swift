import Dispatch
import Synchronization
import Testing

/// One completed operation of a concurrent history: what was called, what it returned, and when, by a shared
/// logical clock ticked just before the call and just after its return.
struct HistoryEvent<Operation: Sendable, Output: Equatable & Sendable>: Sendable {
  let operation: Operation
  let output: Output
  let invoked: Int
  let returned: Int
}

/// A logical clock shared by the concurrent operations of one round.
final class LogicalClock: Sendable {
  private let value = Mutex(0)

  func tick() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }
}

/// Checks a history against a sequential model (Wing & Gong): is there a serial order of the operations that
/// respects real time (an operation that returned before another was invoked comes first) and explains every output?
enum Linearizability {
  static func check<State, Operation, Output>(
    initial: State,
    history: [HistoryEvent<Operation, Output>],
    apply: (State, Operation) -> (State, Output)
  ) -> Bool {
    search(state: initial, pending: history[...].map { $0 }, apply: apply)
  }

  private static func search<State, Operation, Output>(
    state: State,
    pending: [HistoryEvent<Operation, Output>],
    apply: (State, Operation) -> (State, Output)
  ) -> Bool {
    guard let earliestReturn = pending.map(\.returned).min() else { return true }
    for (index, event) in pending.enumerated() where event.invoked < earliestReturn {
      let (next, expected) = apply(state, event.operation)
      guard expected == event.output else { continue }
      var rest = pending
      rest.remove(at: index)
      if search(state: next, pending: rest, apply: apply) { return true }
    }
    return false
  }

  /// Checks `history` and records an issue that lists it when no serial order explains it.
  ///
  /// - Returns: Whether the history is linearizable.
  static func expectLinearizable<State, Operation, Output>(
    from initial: State,
    _ history: [HistoryEvent<Operation, Output>],
    round: Int, seed: UInt64, sourceLocation: SourceLocation,
    describeState: (State) -> String = { "\($0)" },
    apply: (State, Operation) -> (State, Output)
  ) -> Bool {
    guard !check(initial: initial, history: history, apply: apply) else { return true }
    let lines = history.sorted { $0.invoked < $1.invoked }.map {
      "  [\($0.invoked)–\($0.returned)] \($0.operation) → \($0.output)"
    }
    Issue.record(
      Comment(
        rawValue: "Round \(round) is not linearizable (\(RandomizedRounds.replay(seed))); no serial order explains "
          + "these outputs, from \(describeState(initial)):\n" + lines.joined(separator: "\n")),
      sourceLocation: sourceLocation
    )
    return false
  }

  /// Where the operations of a recorded round run.
  enum Threads {
    /// Each on a thread of its own: races that need real parallelism, and no `await`, get their chance, as the
    /// system's scheduling gives it.
    case separate
    /// All on one thread, taking turns at each suspension: every operation runs up to its first `await` before any
    /// resumes, so a store that reads, suspends and writes back (a lost update across an `await`) is caught every time,
    /// however busy the machine.
    case one
  }

  /// Runs `operations` concurrently, on `threads`, released together by a starting gate and each timed by one shared
  /// clock, and returns the completed history.
  static func record<Operation: Sendable, Output: Equatable & Sendable>(
    _ operations: [Operation], on threads: Threads = .separate,
    perform: @escaping @Sendable (Operation) async throws -> Output
  ) async throws -> [HistoryEvent<Operation, Output>] {
    let clock = LogicalClock()
    let gate = StartingGate(parties: operations.count)
    let pool = threads == .one ? [OperationThreadExecutor.turns] : OperationThreadExecutor.shared
    return try await withThrowingTaskGroup(of: HistoryEvent<Operation, Output>.self) { group in
      for (index, operation) in operations.enumerated() {
        let executor = pool[index % pool.count]
        group.addTask(executorPreference: executor) {
          await gate.arriveAndWait()
          let invoked = clock.tick()
          let output = try await perform(operation)
          let returned = clock.tick()
          return HistoryEvent(operation: operation, output: output, invoked: invoked, returned: returned)
        }
      }
      var history: [HistoryEvent<Operation, Output>] = []
      for try await event in group {
        history.append(event)
      }
      return history
    }
  }
}
