import Synchronization

/// A counting semaphore for tasks: ``acquire()`` suspends until one of its permits is free, in call order, and a
/// caller cancelled while it waits leaves the queue at once, without a permit.
///
/// The one limiter of the module: the prefetcher's slots and the window's one-operation-at-a-time queue are both
/// this type. A caller that was handed a permit must ``release()`` it, also when it was cancelled meanwhile.
final class AsyncSemaphore: Sendable {
  typealias Observer = @Sendable () -> Void
  private typealias Waiter = CheckedContinuation<Bool, Never>

  private struct State {
    var free: Int
    /// Callers waiting for a permit, in call order.
    var waiting: [(id: Int, continuation: Waiter)] = []
    /// Callers that asked for a permit and were neither admitted nor turned away yet.
    var undecided: Set<Int> = []
    /// Undecided callers cancelled before they joined `waiting`.
    var cancelledEarly: Set<Int> = []
    var serial = 0
    var observer: Observer?
  }

  private let state: Mutex<State>

  /// Creates a semaphore with `permits` permits (at least 1).
  init(permits: Int) {
    state = Mutex(State(free: max(1, permits)))
  }

  /// The callers waiting for a permit now.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Calls `observer` after every change of the queue: lets a test wait for a caller to queue without polling.
  func observe(_ observer: @escaping Observer) {
    state.withLock { $0.observer = observer }
  }

  /// Waits for a permit.
  ///
  /// - Returns: `true` with a permit the caller must release; `false` when the caller was cancelled first (no permit
  ///   is taken then).
  func acquire() async -> Bool {
    guard !Task.isCancelled else { return false }
    let ticket: Int? = state.withLock { state in
      if state.free > 0 {
        state.free -= 1
        return nil
      }
      state.serial += 1
      state.undecided.insert(state.serial)
      return state.serial
    }
    guard let ticket else { return true }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let (decision, observer) = state.withLock { state -> (Bool?, Observer?) in
          if state.cancelledEarly.remove(ticket) != nil {
            state.undecided.remove(ticket)
            return (false, state.observer)
          }
          // A permit released since the ticket was taken went to the free ones (nobody was waiting yet): take it.
          if state.free > 0, state.waiting.isEmpty {
            state.free -= 1
            state.undecided.remove(ticket)
            return (true, state.observer)
          }
          state.waiting.append((ticket, continuation))
          return (nil, state.observer)
        }
        if let decision { continuation.resume(returning: decision) }
        observer?()
      }
    } onCancel: {
      leave(ticket)
    }
  }

  /// Gives a permit back: to the first waiting caller, or to the free ones.
  func release() {
    let (next, observer) = state.withLock { state -> (Waiter?, Observer?) in
      guard !state.waiting.isEmpty else {
        state.free += 1
        return (nil, state.observer)
      }
      let next = state.waiting.removeFirst()
      state.undecided.remove(next.id)
      return (next.continuation, state.observer)
    }
    next?.resume(returning: true)
    observer?()
  }

  /// Turns away the waiting caller `ticket`, cancelled before it was admitted.
  private func leave(_ ticket: Int) {
    let (turnedAway, observer) = state.withLock { state -> (Waiter?, Observer?) in
      guard state.undecided.contains(ticket) else { return (nil, nil) }  // admitted already: it keeps its permit
      guard let index = state.waiting.firstIndex(where: { $0.id == ticket }) else {
        state.cancelledEarly.insert(ticket)  // not queued yet: turned away as it queues
        return (nil, nil)
      }
      state.undecided.remove(ticket)
      return (state.waiting.remove(at: index).continuation, state.observer)
    }
    turnedAway?.resume(returning: false)
    observer?()
  }
}
