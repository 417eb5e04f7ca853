import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalProbe {
  /// Asks the terminal on standard output and reads its answers from standard input, within ``timeout``. Call it in
  /// raw mode (``TerminalSession``) before ``TerminalEvents`` reads keys: the reader here has stopped when this
  /// returns, so no key is read twice.
  public static func askStandardTerminal() async -> TerminalAnswers {
    let reader = AnswerReader(descriptor: STDIN_FILENO)
    let answers = await answers(
      write: { TerminalSession.write($0) }, input: reader.stream, clock: ContinuousClock(), timeout: timeout)
    await reader.stop()
    return answers
  }
}

/// Reads a descriptor on a thread of its own until stopped: `poll` with a short timeout, so it notices the stop and
/// never sits in a `read` that would take the first key meant for ``TerminalEvents``.
private final class AnswerReader: Sendable {
  let stream: AsyncStream<[UInt8]>
  private let stopped = Atomic<Bool>(false)
  private let exited = DispatchSemaphore(value: 0)

  init(descriptor: Int32) {
    let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    self.stream = stream
    start(descriptor, continuation)
  }

  private func start(_ descriptor: Int32, _ continuation: AsyncStream<[UInt8]>.Continuation) {
    let thread = Thread { [self] in
      defer {
        continuation.finish()
        exited.signal()
      }
      var buffer = [UInt8](repeating: 0, count: 256)
      while !stopped.load(ordering: .acquiring) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, 20)
        if ready < 0, errno != EINTR { return }
        guard ready > 0 else { continue }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          continuation.yield(Array(buffer[0..<count]))
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          return
        }
      }
    }
    thread.name = "FeedTerminal.answers"
    thread.start()
  }

  /// Stops reading and returns once the thread has ended.
  func stop() async {
    stopped.store(true, ordering: .releasing)
    let exited = exited
    await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        exited.wait()
        resume.resume()
      }
    }
  }
}
