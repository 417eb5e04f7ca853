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
    /// Ended before its task started, with this error: the cancel's or the timeout's, whichever came first.
    case endedBeforeStart(any Error)
    case finished
  }

  private let state = Mutex(State.idle)
  /// How long a task whose body passed the limit may run on before it is cancelled (on Linux).
  static let cancelGrace: DispatchTimeInterval = .seconds(1)
  /// How long a task its caller cancelled, or that timed out, may run on before it is cancelled (on Linux).
  static let abandonGrace: DispatchTimeInterval = .seconds(10)

  /// Records `task` as running for `continuation`; returns `false` when cancellation or the timeout came first, and
  /// has then resumed `continuation` with that one's error (`CancellationError`, or `URLError(.timedOut)`: a timeout
  /// is a timeout whenever it fires): the task must not start.
  func start(_ task: URLSessionDataTask, _ continuation: Continuation) -> Bool {
    let ended = state.withLock { state -> (any Error)? in
      switch state {
      case .idle:
        state = .running(task, continuation)
        return nil
      case .endedBeforeStart(let error):
        state = .finished
        return error
      case .running, .finished:
        return CancellationError()
      }
    }
    if let ended { continuation.resume(throwing: ended) }
    return ended == nil
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
    guard let (task, continuation) = take(endingBeforeStartWith: CancellationError()) else { return nil }
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
    guard let (task, continuation) = take(endingBeforeStartWith: URLError(.timedOut)) else { return nil }
    continuation.resume(throwing: URLError(.timedOut))
    Self.cancelAfterGrace(task, grace: Self.abandonGrace)
    return task
  }

  /// The running task and its continuation, the request then finished; `nil` when none runs. Before the start, the
  /// request ends with `error` (unless it ended already), which ``start(_:_:)`` then delivers.
  private func take(
    endingBeforeStartWith error: (any Error)? = nil
  ) -> (task: URLSessionDataTask, continuation: Continuation)? {
    state.withLock { state in
      switch state {
      case .running(let task, let continuation):
        state = .finished
        return (task, continuation)
      case .idle:
        state = error.map { .endedBeforeStart($0) } ?? .finished
        return nil
      case .endedBeforeStart, .finished:
        return nil
      }
    }
  }
}
