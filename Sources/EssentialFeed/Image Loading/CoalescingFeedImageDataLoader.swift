import Foundation
import Synchronization

/// Shares one load among concurrent loads of the same URL: a screen and a prefetcher asking for one image start one
/// download, not two.
///
/// - Callers of one URL (compared by its whole `absoluteString`) wait for one load of the decorated loader, and all
///   receive its data or its error.
/// - Cancelling a caller ends only that caller's wait, at once, with `CancellationError`; the load goes on for the
///   others. The load is cancelled when its last caller cancels.
/// - There is never more than one load of a URL at a time: a caller arriving while a cancelled load is still ending
///   starts a new load once it has ended.
/// - The load runs at its first caller's priority, raised to a later caller's that is higher: a row on screen joining
///   its prefetch's load does not wait at low priority (not before macOS 26 and iOS 26, which cannot raise it).
public final class CoalescingFeedImageDataLoader: FeedImageDataLoader {
  private struct Load {
    let number: Int
    let task: Task<Void, Never>
    var priority: TaskPriority
    var callers: [Int: CheckedContinuation<Data, any Error>] = [:]
  }

  private struct State {
    var loads: [String: Load] = [:]
    /// The last cancelled load of each URL while it is still ending: a new load of the URL waits for it.
    var ending: [String: (number: Int, task: Task<Void, Never>)] = [:]
    /// Callers not resumed yet; those cancelled before they joined a load.
    var waiting: Set<Int> = []
    var cancelledEarly: Set<Int> = []
    var serial = 0
    var observer: (@Sendable () -> Void)?
  }

  private let loader: any FeedImageDataLoader
  private let state = Mutex(State())

  /// Creates a decorator over `loader`.
  ///
  /// - Parameter loader: The loader whose loads are shared, such as a remote loader.
  public init(decorating loader: any FeedImageDataLoader) {
    self.loader = loader
  }

  /// The callers waiting for the load of `url` now.
  func callerCount(of url: URL) -> Int { state.withLock { $0.loads[url.absoluteString]?.callers.count ?? 0 } }

  /// Calls `observer` after every caller joins or leaves a load: lets a test wait for callers without polling.
  func observe(_ observer: @escaping @Sendable () -> Void) {
    state.withLock { $0.observer = observer }
  }

  /// Loads the data for `url`, joining the load of `url` in flight if there is one.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The shared load's data.
  /// - Throws: The shared load's error, delivered to every caller; `CancellationError` when this caller is cancelled.
  public func loadImageData(from url: URL) async throws -> Data {
    let key = url.absoluteString
    let priority = Task.currentPriority
    let caller = state.withLock { state in
      state.serial += 1
      state.waiting.insert(state.serial)
      return state.serial
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (observer, raised) = state.withLock { state -> ((@Sendable () -> Void)?, Task<Void, Never>?) in
          if state.cancelledEarly.remove(caller) != nil {
            state.waiting.remove(caller)
            continuation.resume(throwing: CancellationError())
            return (state.observer, nil)
          }
          var load = state.loads[key] ?? startLoad(of: url, key: key, priority: priority, in: &state)
          load.callers[caller] = continuation
          let raises = priority > load.priority
          if raises { load.priority = priority }
          state.loads[key] = load
          return (state.observer, raises ? load.task : nil)
        }
        if let raised { Self.raise(raised, to: priority) }  // outside the lock: escalation handlers run now
        observer?()
      }
    } onCancel: {
      leave(caller, of: key)
    }
  }

  /// Raises `task`'s priority to `priority`, where the platform can.
  private static func raise(_ task: Task<Void, Never>, to priority: TaskPriority) {
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
      task.escalatePriority(to: priority)
    }
  }

  /// A new load of `url`, after the cancelled load of it still ending, if any.
  private func startLoad(of url: URL, key: String, priority: TaskPriority, in state: inout State) -> Load {
    state.serial += 1
    let number = state.serial
    let previous = state.ending[key]?.task
    let task = Task { [loader] in
      await previous?.value
      let result: Result<Data, any Error>
      do {
        try Task.checkCancellation()  // cancelled while the previous load was ending: never start
        result = .success(try await loader.loadImageData(from: url))
      } catch {
        result = .failure(error)
      }
      self.finish(number, of: key, with: result)
    }
    return Load(number: number, task: task, priority: priority)
  }

  /// Delivers `result` to every caller still waiting for load `number` of `key`, or ends a cancelled load.
  private func finish(_ number: Int, of key: String, with result: Result<Data, any Error>) {
    let (callers, observer) = state.withLock {
      state -> ([CheckedContinuation<Data, any Error>], (@Sendable () -> Void)?) in
      if state.ending[key]?.number == number { state.ending[key] = nil }  // a cancelled load has ended
      guard let load = state.loads[key], load.number == number else { return ([], state.observer) }
      state.loads[key] = nil
      state.waiting.subtract(load.callers.keys)
      return (Array(load.callers.values), state.observer)
    }
    for caller in callers { caller.resume(with: result) }
    observer?()
  }

  /// Ends `caller`'s wait with `CancellationError`, and cancels the load when it was its last caller.
  private func leave(_ caller: Int, of key: String) {
    let (continuation, abandoned) = state.withLock {
      state -> (CheckedContinuation<Data, any Error>?, Task<Void, Never>?) in
      guard state.waiting.contains(caller) else { return (nil, nil) }  // it has its result already
      guard var load = state.loads[key], let continuation = load.callers.removeValue(forKey: caller) else {
        state.cancelledEarly.insert(caller)  // cancelled before it joined a load
        return (nil, nil)
      }
      state.waiting.remove(caller)
      guard load.callers.isEmpty else {
        state.loads[key] = load
        return (continuation, nil)
      }
      state.ending[key] = (load.number, load.task)
      state.loads[key] = nil
      return (continuation, load.task)
    }
    abandoned?.cancel()  // outside the lock: cancellation handlers run now, and may call back in
    continuation?.resume(throwing: CancellationError())
    state.withLock { $0.observer }?()
  }
}
