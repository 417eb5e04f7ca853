import Foundation

/// Sends the pending likes and discards: one pass at a time, each action in turn (so actions on one image go in
/// order and never in parallel), each removed from the store only by its own answer (compare-and-delete).
///
/// Three triggers start a pass, each a method: ``appBecameActive()``, ``connectivityBecameAvailable()`` and
/// ``refresh()``. A trigger during a pass coalesces into one more pass after it. A pass that leaves actions failed
/// schedules the next after ``LikeBackoff``'s delay (clock and randomness injected); a pass with no failure resets
/// it.
public actor LikeSynchronizer {
  let store: any PendingLikeActionStore
  let sender: any LikeActionSender
  private let backoff: LikeBackoff
  private let sleep: @Sendable (TimeInterval) async throws -> Void
  private let random: @Sendable (ClosedRange<Double>) -> Double
  let onEvent: @Sendable (Event) -> Void
  /// Held for each pass, when two processes may send one store's actions.
  let passLock: (any LikePassLock)?
  private var current: (id: Int, task: Task<Report, Never>)?
  private var queued: (id: Int, task: Task<Report, Never>)?
  private var passCount = 0
  private var failuresInARow = 0
  private var retry: (id: Int, task: Task<Void, Never>)?
  private var retriesStopped = false
  /// Calls of ``sendPending()`` so far, triggers' included: lets a test know every trigger has joined a pass.
  private(set) var callers = 0
  /// Told after each call joins a pass; see ``observeCallers(_:)``.
  private var callersObserver: (@Sendable () -> Void)?

  /// Creates a synchronizer.
  ///
  /// - Parameters:
  ///   - store: Where the pending actions are.
  ///   - sender: Sends one action.
  ///   - backoff: The delays between failed passes.
  ///   - sleep: Waits a number of seconds; throws when cancelled.
  ///   - random: Picks a number in a range, for the jitter.
  ///   - onEvent: Told of every answer and refusal, on the synchronizer's executor.
  ///   - passLock: Held for each pass (a lock file shared by processes); `nil` when nothing else sends these actions.
  public init(
    store: any PendingLikeActionStore, sender: any LikeActionSender, backoff: LikeBackoff = LikeBackoff(),
    sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
    random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) },
    onEvent: @escaping @Sendable (Event) -> Void = { _ in }, passLock: (any LikePassLock)? = nil
  ) {
    self.passLock = passLock
    self.store = store
    self.sender = sender
    self.backoff = backoff
    self.sleep = sleep
    self.random = random
    self.onEvent = onEvent
  }

  /// Cancels the scheduled retry: a synchronizer nobody holds sends nothing more.
  deinit {
    retry?.task.cancel()
  }

  /// Stops retrying on its own: cancels the scheduled retry, and a pass running or asked for later schedules none,
  /// until a trigger or ``sendPending()`` starts passes again.
  public func stop() {
    retriesStopped = true
    cancelRetry()
  }

  /// Runs a pass and returns its report: now, or, when a pass is running, in the one pass queued after it (shared
  /// by every caller that asks meanwhile). Retries on failure resume after a ``stop()``.
  public func sendPending() async -> Report {
    retriesStopped = false
    return await joinPass()
  }

  /// Calls `observer` after each call of ``sendPending()`` joins a pass: lets a test wait for triggers without polling.
  func observeCallers(_ observer: @escaping @Sendable () -> Void) {
    callersObserver = observer
  }

  /// Whether a retry is scheduled now.
  var isRetryScheduled: Bool { retry != nil }

  private func joinPass() async -> Report {
    callers += 1
    callersObserver?()
    if let queued { return await queued.task.value }
    passCount += 1
    let id = passCount
    let previous = current?.task
    let task = Task {
      _ = await previous?.value
      return await self.runPass(id)
    }
    if previous == nil { current = (id, task) } else { queued = (id, task) }
    return await task.value
  }

  private func runPass(_ id: Int) async -> Report {
    if queued?.id == id { (current, queued) = (queued, nil) }
    let report = await lockedPass()
    if current?.id == id { current = nil }
    scheduleRetry(after: report)
    return report
  }

  private func scheduleRetry(after report: Report) {
    guard report.failed > 0 else {
      failuresInARow = 0
      cancelRetry()
      return
    }
    failuresInARow += 1
    cancelRetry()
    guard !retriesStopped else { return }
    let delay = backoff.delay(afterFailures: failuresInARow, random: random)
    passCount += 1
    let id = passCount
    retry = (
      id,
      Task { [weak self, sleep] in  // a scheduled retry does not keep the synchronizer alive
        do { try await sleep(delay) } catch { return }
        await self?.retryNow(id)
      }
    )
  }

  /// A retry's pass, unless it was replaced or stopped meanwhile.
  private func retryNow(_ id: Int) async {
    guard retry?.id == id, !retriesStopped else { return }
    retry = nil
    _ = await joinPass()
  }

  private func cancelRetry() {
    retry?.task.cancel()
    retry = nil
  }
}
