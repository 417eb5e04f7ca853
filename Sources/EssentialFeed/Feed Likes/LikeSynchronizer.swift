import Foundation

/// Sends the pending likes and discards: one pass at a time, each action in turn (so actions on one image go in
/// order and never in parallel), each removed from the store only by its own answer (compare-and-delete).
///
/// Three triggers start a pass, each a method: ``appBecameActive()``, ``connectivityBecameAvailable()`` and
/// ``refresh()``. A trigger during a pass coalesces into one more pass after it. A pass that leaves actions failed
/// schedules the next after ``LikeBackoff``'s delay (clock and randomness injected); a pass with no failure resets
/// it.
public actor LikeSynchronizer {
  private let store: any PendingLikeActionStore
  private let sender: any LikeActionSender
  private let backoff: LikeBackoff
  private let sleep: @Sendable (TimeInterval) async throws -> Void
  private let random: @Sendable (ClosedRange<Double>) -> Double
  private let onEvent: @Sendable (Event) -> Void
  private var current: (id: Int, task: Task<Report, Never>)?
  private var queued: (id: Int, task: Task<Report, Never>)?
  private var passCount = 0
  private var failuresInARow = 0
  private var retry: Task<Void, Never>?

  /// Creates a synchronizer.
  ///
  /// - Parameters:
  ///   - store: Where the pending actions are.
  ///   - sender: Sends one action.
  ///   - backoff: The delays between failed passes.
  ///   - sleep: Waits a number of seconds; throws when cancelled.
  ///   - random: Picks a number in a range, for the jitter.
  ///   - onEvent: Told of every answer and refusal, on the synchronizer's executor.
  public init(
    store: any PendingLikeActionStore, sender: any LikeActionSender, backoff: LikeBackoff = LikeBackoff(),
    sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
    random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) },
    onEvent: @escaping @Sendable (Event) -> Void = { _ in }
  ) {
    self.store = store
    self.sender = sender
    self.backoff = backoff
    self.sleep = sleep
    self.random = random
    self.onEvent = onEvent
  }

  /// The app became active: send now.
  @discardableResult
  public func appBecameActive() -> Task<Report, Never> { trigger() }

  /// The network came back: send now.
  @discardableResult
  public func connectivityBecameAvailable() -> Task<Report, Never> { trigger() }

  /// The user asked for a refresh: send now.
  @discardableResult
  public func refresh() -> Task<Report, Never> { trigger() }

  /// Stops the scheduled retry, if any; a pass running finishes.
  public func stop() {
    retry?.cancel()
    retry = nil
  }

  /// Runs a pass and returns its report: now, or, when a pass is running, in the one pass queued after it (shared
  /// by every caller that asks meanwhile).
  public func sendPending() async -> Report {
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

  private func trigger() -> Task<Report, Never> {
    Task { await self.sendPending() }
  }

  private func runPass(_ id: Int) async -> Report {
    if queued?.id == id { (current, queued) = (queued, nil) }
    let report = await pass()
    if current?.id == id { current = nil }
    scheduleRetry(after: report)
    return report
  }

  private func pass() async -> Report {
    var report = Report()
    guard let actions = try? await store.pendingActions() else {
      report.failed = 1
      return report
    }
    for action in actions {
      if Task.isCancelled { break }
      do {
        let state = try await sender.send(action)
        _ = try await store.removeIfPending(action)
        report.sent += 1
        onEvent(.answered(action, state))
      } catch let refusal as LikeActionRejected {
        switch try? await store.removeIfPending(action) {
        case true:
          report.rejected += 1
          onEvent(.rejected(action, refusal))
        case false: break  // A newer action replaced it: that one is the intent now.
        case nil: report.failed += 1
        }
      } catch {
        report.failed += 1
      }
    }
    report.pending = (try? await store.pendingActions().count) ?? actions.count
    return report
  }

  private func scheduleRetry(after report: Report) {
    guard report.failed > 0 else {
      failuresInARow = 0
      stop()
      return
    }
    failuresInARow += 1
    let delay = backoff.delay(afterFailures: failuresInARow, random: random)
    retry?.cancel()
    retry = Task { [sleep] in
      do { try await sleep(delay) } catch { return }
      await self.retryNow()
    }
  }

  private func retryNow() async {
    retry = nil
    _ = await sendPending()
  }
}
