import FeedTerminal
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ending signals reach the event stream whichever thread the kernel hands them to. libdispatch keeps `SIGPIPE`
/// and `SIGPROF` unblocked on its threads, and its signal sources' handler re-raises a signal on the thread that got
/// it: a `SIGPIPE` that reached a worker thread spun there for ever (TRM-25 in CI: the terminal restored, the process
/// never ended).
@Suite("Terminal: ending signals on any thread", .serialized)
struct TerminalSignalTests {
  @Test(
    "TRM-44 SIGPIPE or SIGPROF that reaches a worker thread or a thread of its own is an ending event",
    arguments: [SIGPIPE, SIGPROF])
  func signalOnAnyThread(signal: Int32) async throws {
    try await withEvents { events in
      await Task.detached { _ = pthread_kill(pthread_self(), signal) }.value
      #expect(await events.next() == .signalled(signal))
      try Self.onThreadOfItsOwn { _ = pthread_kill(pthread_self(), signal) }
      #expect(await events.next() == .signalled(signal))
    }
  }

  @Test(
    "TRM-44 every other ending signal sent to the process is an event", arguments: [SIGHUP, SIGUSR1, SIGTERM, SIGXCPU])
  func signalToProcess(signal: Int32) async throws {
    try await withEvents { events in
      kill(getpid(), signal)
      #expect(await events.next() == .signalled(signal))
    }
  }

  @Test("TRM-44 a SIGPIPE the process causes by writing to a closed pipe is the write's error, not an ending signal")
  func ownBrokenPipe() async throws {
    try await withEvents { events in
      var ends: [Int32] = [0, 0]
      try #require(pipe(&ends) == 0)
      close(ends[0])
      defer { close(ends[1]) }
      let writeEnd = ends[1]
      let failure = await Task.detached { () -> Int32 in
        var byte: UInt8 = 1
        return write(writeEnd, &byte, 1) < 0 ? errno : 0
      }.value
      #expect(failure == EPIPE)
      kill(getpid(), SIGUSR2)
      #expect(await events.next() == .signalled(SIGUSR2), "the broken pipe came first, as an ending signal")
    }
  }

  @Test("TRM-44 stop() gives every signal the action it had before")
  func stopRestoresActions() async throws {
    let signals = TerminalEvents.endingSignals + [SIGWINCH]
    let before = signals.map(Self.handlerAddress)
    try await withEvents { _ in
      #expect(signals.map(Self.handlerAddress) != before)
    }
    #expect(signals.map(Self.handlerAddress) == before)
  }

  @Test("TRM-47 ending signals are observed from before the terminal changes: one sent while it is probed ends it")
  func signalBeforeKeysAreRead() async throws {
    var keys: [Int32] = [0, 0]
    try #require(pipe(&keys) == 0)
    let events = TerminalEvents(input: keys[0], readingKeys: false)
    defer {
      events.stop()
      close(keys[1])
    }
    var byte = UInt8(ascii: "q")
    #expect(write(keys[1], &byte, 1) == 1)  // an answer the probe reads, not a key of the session's

    kill(getpid(), SIGHUP)
    #expect(await events.next() == .signalled(SIGHUP))

    events.startReadingKeys()
    #expect(await events.next() == .keys([.character("q")]))
  }

  // MARK: - Helpers

  /// Runs `body` with events that read keys from a pipe nobody writes to, then stops them.
  private func withEvents(_ body: (TerminalEvents) async throws -> Void) async throws {
    var keys: [Int32] = [0, 0]
    try #require(pipe(&keys) == 0)
    let events = TerminalEvents(input: keys[0])
    defer {
      events.stop()
      close(keys[1])
    }
    try await body(events)
  }

  /// Runs `body` on a new thread (the mask of its creator, not one of libdispatch's) and waits for it to end.
  private static func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) throws {
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    try #require(
      pthread_create(
        &thread, nil,
        { context in
          guard let context else { return nil }
          Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
          return nil
        }, box) == 0)
    pthread_join(thread, nil)
  }

  private final class Body: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  private static func handlerAddress(_ number: Int32) -> UInt {
    var action = sigaction()
    sigaction(number, nil, &action)
    #if canImport(Glibc)
      return unsafeBitCast(action.__sigaction_handler.sa_handler, to: UInt.self)
    #else
      return unsafeBitCast(action.__sigaction_u.__sa_handler, to: UInt.self)
    #endif
  }
}
