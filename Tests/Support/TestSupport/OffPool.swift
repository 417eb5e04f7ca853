import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a blocking call (waiting for a process, reading a pipe) on a thread of its own and suspends until it returns,
/// so a test never blocks a thread of Swift's cooperative pool: on a 2-core machine the pool has two, and a test that
/// blocks one starves every other test's tasks, and the library's timers with them.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: body()) }
  }
}

extension Process {
  /// Waits for the process to exit without blocking a cooperative-pool thread, and without spinning.
  ///
  /// Foundation's `waitUntilExit` on Linux, called on a thread other than the one that ran the process, turns an empty
  /// run loop until the process is done: a core busy for as long as the child runs (half the crash trials' CPU time).
  /// So the thread first sleeps in `waitid` until the child has ended (`WNOWAIT` leaves it for Foundation to reap),
  /// and only then waits for Foundation to record its status.
  public func exited() async {
    await offPool {
      #if canImport(Glibc)
        var info = siginfo_t()
        while waitid(P_PID, id_t(self.processIdentifier), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
      #endif
      self.waitUntilExit()
    }
  }
}
