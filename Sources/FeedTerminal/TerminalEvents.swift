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
  /// `SIGINT` or `SIGTERM`: restore the terminal and end.
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
/// `SIGINT` and `SIGTERM` are handled, not fatal, while the events are observed, so the terminal is restored
/// before the process ends; ``stop()`` gives them back their default action.
public final class TerminalEvents: Sendable {
  /// The events, in order.
  public let stream: AsyncStream<TerminalEvent>
  private let continuation: AsyncStream<TerminalEvent>.Continuation
  private let sources: Mutex<[any DispatchSourceSignal]>
  private static let handled = [SIGINT, SIGTERM, SIGWINCH]

  /// Starts reading keys from `input` and observing the signals.
  ///
  /// - Parameter input: The file descriptor keys are read from; standard input by default.
  public init(input: Int32 = STDIN_FILENO) {
    (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let continuation = continuation
    let queue = DispatchQueue(label: "FeedTerminal.signals")
    sources = Mutex(
      Self.handled.map { number in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { continuation.yield(number == SIGWINCH ? .resized : .signalled(number)) }
        source.resume()
        return source
      })
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

  /// Stops observing the signals (they get their default action back) and ends the stream.
  public func stop() {
    let stopped = sources.withLock { sources in
      defer { sources = [] }
      return sources
    }
    for source in stopped { source.cancel() }
    for number in Self.handled { signal(number, SIG_DFL) }
    continuation.finish()
  }
}
