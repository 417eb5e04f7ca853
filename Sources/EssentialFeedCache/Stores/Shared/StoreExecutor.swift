import Dispatch

/// A serial executor over a dispatch queue of its own, so a store actor's blocking I/O (file system calls, SQLite and
/// its busy wait) never runs on, or blocks, a thread of Swift's cooperative pool.
///
/// An actor adopts it by returning it as its `unownedExecutor`:
///
/// ```swift
/// actor MyStore {
///   private let executor = StoreExecutor(label: "MyStore")
///   nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
/// }
/// ```
///
/// Jobs run one at a time, in the order they were enqueued; the actor's operations are still atomic as long as they
/// do not suspend.
public final class StoreExecutor: SerialExecutor {
  private let queue: DispatchQueue

  /// Creates an executor with its own serial queue.
  ///
  /// - Parameter label: The queue's label, seen in debuggers and crash reports.
  public init(label: String) {
    queue = DispatchQueue(label: label)
  }

  /// Runs `job` on the executor's queue.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }

  /// This executor, unowned, for an actor's `unownedExecutor`.
  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}
