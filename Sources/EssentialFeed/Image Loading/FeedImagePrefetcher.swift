import Foundation
import Synchronization

/// Loads images ahead of the screen: at low priority, a bounded number at once, each cancellable, and each reporting
/// its end, cancelled or not (a prefetch never hangs its caller).
public actor FeedImagePrefetcher {
  /// How a prefetch ended.
  public enum Outcome: Sendable {
    /// The image's data.
    case loaded(Data)
    /// The load failed with this error.
    case failed(any Error)
    /// The prefetch was cancelled, while waiting for a slot or while loading.
    case cancelled
  }

  /// The most loads running at once.
  public let maximumConcurrentLoads: Int
  /// The priority loads run at.
  public let priority: TaskPriority
  private let loader: any FeedImageDataLoader
  /// The slots: a prefetch holds one while it loads.
  nonisolated let slots: AsyncSemaphore

  /// Creates a prefetcher over `loader`.
  ///
  /// - Parameters:
  ///   - loader: Loads the images, such as the app's image loader (a coalescing one shares a load with the screen).
  ///   - maximumConcurrentLoads: The most loads running at once (default 4); at least 1.
  ///   - priority: The priority loads run at (default low: they wait while the screen's own work runs).
  public init(loader: any FeedImageDataLoader, maximumConcurrentLoads: Int = 4, priority: TaskPriority = .low) {
    self.loader = loader
    self.maximumConcurrentLoads = max(1, maximumConcurrentLoads)
    self.priority = priority
    slots = AsyncSemaphore(permits: self.maximumConcurrentLoads)
  }

  /// Loads the image at `url` once a slot is free, at low priority. Cancel the calling task to cancel the prefetch.
  ///
  /// - Parameters:
  ///   - url: The image's URL.
  ///   - onStart: Called when the prefetch takes its slot and its load starts (never, when cancelled first).
  /// - Returns: How the prefetch ended; it always returns, also when cancelled.
  public func prefetch(from url: URL, onStart: @Sendable () -> Void = {}) async -> Outcome {
    guard await slots.acquire() else { return .cancelled }
    defer { slots.release() }
    guard !Task.isCancelled else { return .cancelled }  // handed a slot as it was cancelled: never start
    onStart()
    // The load resumes a continuation rather than being awaited: awaiting it would raise it to the caller's priority.
    let handle = LoadHandle()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        handle.start(
          Task(priority: priority) { [loader] in
            do {
              let data = try await loader.loadImageData(from: url)
              continuation.resume(returning: Task.isCancelled ? .cancelled : .loaded(data))
            } catch {
              continuation.resume(
                returning: error is CancellationError || Task.isCancelled ? .cancelled : .failed(error))
            }
          })
      }
    } onCancel: {
      handle.cancel()
    }
  }
}

/// The load of one prefetch, cancelled with it, also when the cancel comes before the load started.
private final class LoadHandle: Sendable {
  private let state = Mutex<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

  func start(_ task: Task<Void, Never>) {
    let cancelled = state.withLock {
      $0.task = task
      return $0.cancelled
    }
    if cancelled { task.cancel() }
  }

  func cancel() {
    state.withLock {
      $0.cancelled = true
      return $0.task
    }?.cancel()
  }
}

/// A flag set once from any thread and read synchronously: whether a prefetch has started loading.
final class StartFlag: Sendable {
  private let value = Mutex(false)

  var isSet: Bool { value.withLock { $0 } }

  @Sendable func set() {
    value.withLock { $0 = true }
  }
}
