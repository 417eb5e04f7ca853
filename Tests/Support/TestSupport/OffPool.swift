import Foundation

/// Runs a blocking call (waiting for a process, reading a pipe) on a thread of its own and suspends until it returns,
/// so a test never blocks a thread of Swift's cooperative pool: on a 2-core machine the pool has two, and a test that
/// blocks one starves every other test's tasks, and the library's timers with them.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: body()) }
  }
}

extension Process {
  /// Waits for the process to exit without blocking a cooperative-pool thread.
  public func exited() async {
    await offPool { self.waitUntilExit() }
  }
}
