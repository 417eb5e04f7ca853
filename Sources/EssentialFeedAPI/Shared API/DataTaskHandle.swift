import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request: its data task and the continuation waiting for it, shared by the session's completion, the caller's
/// cancellation and the resource timeout. Whichever comes first resumes the continuation, exactly once; the others
/// only cancel the task, which swift-corelibs-foundation may go on running for a while.
///
/// On Linux, a caller's cancel ends the call at once and cancels the task only if it is still running a moment later
/// (``cancelGrace``): swift-corelibs-foundation traps when a task is cancelled as it completes ("a task that in not in
/// the registry", swiftlang/swift-corelibs-foundation#3296), and scrolling a feed fast cancels thousands of image
/// loads a second, many of them just as they complete. A task still running after the grace period is a slow one,
/// whose completion is unlikely to meet the cancel. Every attempt to order the cancel after the session's own
/// bookkeeping through its public API (its delegate queue, its task list, a synchronous read on the task's queue)
/// still trapped in the 3,000 cancels of HTTP-9.
final class DataTaskHandle: Sendable {
  typealias Continuation = CheckedContinuation<(Data, HTTPURLResponse), any Error>

  private enum State {
    case idle
    case running(URLSessionDataTask, Continuation)
    case finished
  }

  private let state = Mutex(State.idle)
  /// How long a cancelled task may run on before it is cancelled (on Linux).
  static let cancelGrace: DispatchTimeInterval = .seconds(1)

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

  /// Ends the request with `CancellationError`, and cancels its task (on Linux, if it still runs after ``cancelGrace``).
  ///
  /// - Returns: The task that was running, if any: its body, still arriving during the grace period, is of no use.
  @discardableResult
  func cancel() -> URLSessionDataTask? {
    guard let (task, continuation) = take() else { return nil }
    continuation.resume(throwing: CancellationError())
    Self.cancelAfterGrace(task)
    return task
  }

  /// Cancels `task`: on Linux only if it still runs after ``cancelGrace`` (see the type's documentation), at once
  /// elsewhere. Every cancel the client makes goes through here: the caller's, the timeout's and the body limit's.
  static func cancelAfterGrace(_ task: URLSessionDataTask) {
    #if canImport(FoundationNetworking)
      DispatchQueue.global().asyncAfter(deadline: .now() + cancelGrace) {
        if task.state == .running { task.cancel() }
      }
    #else
      task.cancel()
    #endif
  }

  /// Ends the request with `URLError(.timedOut)` and cancels its task (on Linux, if it still runs after
  /// ``cancelGrace``: a task can complete just as its timeout fires).
  func timeOut() {
    guard let (task, continuation) = take() else { return }
    continuation.resume(throwing: URLError(.timedOut))
    Self.cancelAfterGrace(task)
  }

  private func take() -> (task: URLSessionDataTask, continuation: Continuation)? {
    state.withLock { state in
      defer { state = .finished }
      if case .running(let task, let continuation) = state { return (task, continuation) }
      return nil
    }
  }
}
