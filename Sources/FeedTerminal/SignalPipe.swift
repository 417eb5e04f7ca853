import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signals turned into calls on a thread of their own: a handler of ours writes each signal's number to a pipe, and a
/// reader thread hands it to `receive`.
///
/// Not `DispatchSource`: on Linux libdispatch's handler blocks the signal on the thread that got it and raises it again
/// there, for its signal file to read; it keeps `SIGPIPE` and `SIGPROF` unblocked on its own threads, so one of those
/// that reached a worker thread was raised there again for ever (the process spun and never ended). A handler that only
/// writes a byte works on whichever thread the kernel chooses.
///
/// A `SIGPIPE` the process caused itself (a write to a pipe or socket whose reader is gone: the kernel sends it as from
/// the process, `SI_USER` with its own id) is not passed on: that write's `EPIPE` says it. One instance at a time.
final class SignalPipe: Sendable {
  private let earlier: [(number: Int32, action: sigaction)]
  private let readEnd: Int32
  private let writeEnd: Int32
  private let stopped = Atomic<Bool>(false)

  /// Handles `signals` until ``stop()``, each received one passed to `receive` on the reader thread; `nil` when the
  /// system gives no pipe (the signals then keep their actions).
  init?(_ signals: [Int32], receive: @escaping @Sendable (Int32) -> Void) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    (readEnd, writeEnd) = (ends[0], ends[1])
    _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)  // a full pipe drops, never blocks a handler
    Self.target.store(writeEnd, ordering: .releasing)
    let readEnd = readEnd
    let reader = Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(readEnd, &byte, 1)
        if count < 0, errno == EINTR { continue }
        guard count == 1, byte != Self.stopByte else { break }
        receive(Int32(byte))
      }
      close(readEnd)
    }
    reader.name = "FeedTerminal.signals"
    reader.start()
    earlier = signals.map { number in
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = Self.handle
      #else
        action.__sigaction_u.__sa_sigaction = Self.handle
      #endif
      action.sa_flags = SA_SIGINFO | SA_RESTART
      sigfillset(&action.sa_mask)
      var before = sigaction()
      sigaction(number, &action, &before)
      return (number, before)
    }
  }

  /// Gives every signal its earlier action back and ends the reader thread; only the first call does anything.
  func stop() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    for (number, action) in earlier {
      var action = action
      sigaction(number, &action, nil)
    }
    guard Self.target.compareExchange(expected: writeEnd, desired: -1, ordering: .acquiringAndReleasing).exchanged
    else { return }
    var byte = Self.stopByte
    while write(writeEnd, &byte, 1) < 0, errno == EINTR || errno == EAGAIN {}
    close(writeEnd)
  }

  private static let stopByte: UInt8 = 0
  /// Where the handler writes; -1 when no instance is handling signals.
  private static let target = Atomic<Int32>(-1)

  /// Only async-signal-safe calls: `getpid`, `write`, an atomic load; `errno` is kept for the interrupted code.
  private static let handle:
    @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
      number, info, _ in
      if number == SIGPIPE, let info, info.pointee.si_code == SI_USER, sender(info.pointee) == getpid() { return }
      let descriptor = target.load(ordering: .acquiring)
      guard descriptor >= 0 else { return }
      let saved = errno
      var byte = UInt8(truncatingIfNeeded: number)
      _ = write(descriptor, &byte, 1)
      errno = saved
    }

  private static func sender(_ info: siginfo_t) -> pid_t {
    #if canImport(Glibc)
      info._sifields._kill.si_pid
    #else
      info.si_pid
    #endif
  }
}
