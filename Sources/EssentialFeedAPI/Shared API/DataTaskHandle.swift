import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request: its data task and the continuation waiting for it, shared by the session's completion, the caller's
/// cancellation and the resource timeout. Whichever comes first resumes the continuation, exactly once.
///
/// On Linux, a cancel ends the call at once and cancels the task only if it still runs a while later:
/// swift-corelibs-foundation traps when a task is cancelled as it completes ("a task that in not in the registry",
/// swiftlang/swift-corelibs-foundation#3296), and no public API orders a cancel after the session's own bookkeeping.
/// A caller's cancel and the timeout wait ``abandonGrace`` (10 s): a grace of 1 s was not enough, as under load a
/// task starved of CPU for that second completed just as the cancel arrived (HTTP-9 crashed the test process in 5 of
/// 11 runs of the suite with every core busy); a task still running 10 s after its caller left is a slow one, whose
/// completion is unlikely to meet the cancel. Meanwhile its body is dropped as it arrives. A body past the limit is
/// being flooded, not completing, and is cancelled after ``cancelGrace`` (1 s). Elsewhere tasks are cancelled at once.
final class DataTaskHandle: Sendable {
  typealias Continuation = CheckedContinuation<(Data, HTTPURLResponse), any Error>

  private enum State {
    case idle
    case running(URLSessionDataTask, Continuation)
    case finished
  }

  private let state = Mutex(State.idle)
  /// How long a task whose body passed the limit may run on before it is cancelled (on Linux).
  static let cancelGrace: DispatchTimeInterval = .seconds(1)
  /// How long a task its caller cancelled, or that timed out, may run on before it is cancelled (on Linux).
  static let abandonGrace: DispatchTimeInterval = .seconds(10)

  /// Records `task` as running for `continuation`; returns `false` when cancellation or the timeout came first, and
  /// has then resumed `continuation` with that error: the task must not start.
  func start(_ task: URLSessionDataTask, _ continuation: Continuation) -> Bool {
    let started = state.withLock { state in
      guard case .idle = state else { return false }
      state = .running(task, continuation)
      return true
    }
    if !started { continuation.resume(throwing: CancellationError()) }
    return started
  }

  /// Resumes the caller with `result`, unless it was resumed already.
  func finish(with result: Result<(Data, HTTPURLResponse), any Error>) {
    take()?.continuation.resume(with: result)
  }

  /// Ends the request with `CancellationError`, and cancels its task (on Linux, if it still runs after
  /// ``abandonGrace``).
  ///
  /// - Returns: The task that was running, if any: whatever more of its body arrives is of no use.
  @discardableResult
  func cancel() -> URLSessionDataTask? {
    guard let (task, continuation) = take() else { return nil }
    continuation.resume(throwing: CancellationError())
    Self.cancelAfterGrace(task, grace: Self.abandonGrace)
    return task
  }

  /// Cancels `task`: on Linux only if it still runs after `grace` (by default ``cancelGrace``, for a body past the
  /// limit), at once elsewhere.
  static func cancelAfterGrace(_ task: URLSessionDataTask, grace: DispatchTimeInterval = cancelGrace) {
    #if canImport(FoundationNetworking)
      DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
        if task.state == .running { task.cancel() }
      }
    #else
      task.cancel()
    #endif
  }

  /// Ends the request with `URLError(.timedOut)` and cancels its task (on Linux, if it still runs after
  /// ``abandonGrace``: a task can complete just as its timeout fires).
  ///
  /// - Returns: The task that was running, if any: whatever more of its body arrives is of no use.
  @discardableResult
  func timeOut() -> URLSessionDataTask? {
    guard let (task, continuation) = take() else { return nil }
    continuation.resume(throwing: URLError(.timedOut))
    Self.cancelAfterGrace(task, grace: Self.abandonGrace)
    return task
  }

  private func take() -> (task: URLSessionDataTask, continuation: Continuation)? {
    state.withLock { state in
      defer { state = .finished }
      if case .running(let task, let continuation) = state { return (task, continuation) }
      return nil
    }
  }
}
