import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Something the screen has to answer.
public enum TerminalEvent: Hashable, Sendable {
  /// Keys the customer pressed.
  case keys([Key])
  /// The terminal changed size (`SIGWINCH`): lay the screen out again.
  case resized
  /// A signal that ends the app (``TerminalEvents/endingSignals``): restore the terminal and end.
  case signalled(Int32)
  /// Standard input ended: no more keys will come.
  case inputClosed
  /// Something the app asked for: a redraw after a load, an animation frame.
  case redraw
  /// An animation frame is due.
  case tick
}

/// The terminal's events as one stream: keys read from standard input on a thread of their own, the signals that
/// end or resize the screen, and redraws the app asks for with ``send(_:)``.
///
/// Every signal whose default action ends the process without a crash (``endingSignals``: `SIGINT`, `SIGTERM`,
/// `SIGHUP`, `SIGQUIT`, `SIGPIPE`, `SIGUSR1`…) is handled, not fatal, while the events are observed, so the terminal
/// is restored before the process ends (`SIGHUP`, `SIGUSR1` and `SIGPIPE` left the alternate screen on; `SIGQUIT`
/// waited 20 s in the Swift runtime's backtracer first); ``stop()`` gives each its earlier action back. A `SIGPIPE`
/// the process causes by writing to a closed pipe or socket is that write's error, not an ending signal. Crash
/// signals are the session's (`TerminalSession`).
public final class TerminalEvents: Sendable {
  /// The events, in order.
  public let stream: AsyncStream<TerminalEvent>
  private let continuation: AsyncStream<TerminalEvent>.Continuation
  private let signals: SignalPipe?
  private let input: Int32
  private let readerStarted = Atomic<Bool>(false)

  /// The signals that end the process by default and are not crashes: each ends the session with the terminal
  /// restored, and the process with status 128 + its number.
  public static let endingSignals = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
  ]
  private static let handled = endingSignals + [SIGWINCH]

  /// Starts observing the signals and, unless `readingKeys` is `false`, reading keys from `input`.
  ///
  /// Make the events before the terminal changes (raw mode, the alternate screen) and start reading keys once nothing
  /// else reads `input` (a probe of the terminal's answers): an ending signal sent in between is then the first event,
  /// and the session restores the terminal, instead of the process ending with it raw.
  ///
  /// - Parameters:
  ///   - input: The file descriptor keys are read from; standard input by default.
  ///   - readingKeys: Whether keys are read at once; otherwise from ``startReadingKeys()`` on.
  public init(input: Int32 = STDIN_FILENO, readingKeys: Bool = true) {
    (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let continuation = continuation
    signals = SignalPipe(Self.handled) { number in
      continuation.yield(number == SIGWINCH ? .resized : .signalled(number))
    }
    self.input = input
    if readingKeys { startReadingKeys() }
  }

  /// Starts reading keys from the input, on a thread of its own; only the first call does anything.
  public func startReadingKeys() {
    guard !readerStarted.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let (input, continuation) = (input, continuation)
    let reader = Thread {
      var decoder = KeyDecoder()
      var buffer = [UInt8](repeating: 0, count: 512)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count > 0 {
          let keys = decoder.decode(buffer[0..<count])
          if !keys.isEmpty { continuation.yield(.keys(keys)) }
        } else if count < 0, errno == EINTR || errno == EAGAIN {
          continue
        } else {
          continuation.yield(.inputClosed)
          return
        }
      }
    }
    reader.name = "FeedTerminal.keys"
    reader.start()
  }

  /// The next event; `nil` once the stream ended.
  public func next() async -> TerminalEvent? {
    var iterator = stream.makeAsyncIterator()
    return await iterator.next()
  }

  /// Adds `event` to the stream: a redraw from anywhere.
  public func send(_ event: TerminalEvent) {
    continuation.yield(event)
  }

  /// Stops observing the signals (each gets the action it had before back) and ends the stream.
  public func stop() {
    signals?.stop()
    continuation.finish()
  }
}
