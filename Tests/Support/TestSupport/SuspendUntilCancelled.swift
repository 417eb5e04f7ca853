import Synchronization

/// Suspends the calling task until it is cancelled, then returns: a fake that hangs (a server that never answers, a
/// load that waits for its caller to give up) waits for that event, not for a duration.
public func suspendUntilCancelled() async {
  let waiter = CancellationWaiter()
  await withTaskCancellationHandler {
    await withCheckedContinuation { waiter.park($0) }
  } onCancel: {
    waiter.cancel()
  }
}

/// The continuation of one ``suspendUntilCancelled()``, resumed once: by the cancel, or at once when the cancel came
/// before the task parked.
private final class CancellationWaiter: Sendable {
  private let state = Mutex<(continuation: CheckedContinuation<Void, Never>?, cancelled: Bool)>((nil, false))

  func park(_ continuation: CheckedContinuation<Void, Never>) {
    let cancelled = state.withLock { state in
      if !state.cancelled { state.continuation = continuation }
      return state.cancelled
    }
    if cancelled { continuation.resume() }
  }

  func cancel() {
    state.withLock { state in
      state.cancelled = true
      defer { state.continuation = nil }
      return state.continuation
    }?.resume()
  }
}
