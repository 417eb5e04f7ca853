import FeedTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The app's two text sinks: standard output for what a command prints, standard error for its one-line errors.
///
/// Everything written passes through ``TerminalText`` on its way, so no text a server or a cache file holds reaches
/// the terminal raw, whichever renderer made it: text has every control and format character replaced (newlines
/// kept), JSON has them escaped (the same JSON). A write that fails (a full disk, a closed file) is an error: a
/// command whose output was lost never exits 0.
enum AppOutput {
  /// What `text` becomes on its way out: `json` is escaped, anything else sanitized, newlines kept.
  static func rendered(_ text: String, json: Bool) -> String {
    json ? TerminalText.jsonEscaped(text) : TerminalText.sanitized(text, keepingNewlines: true)
  }

  /// Writes `text` and a newline to standard output, as ``rendered(_:json:)`` makes it.
  ///
  /// - Throws: ``FeedAppError/outputFailed(reason:)`` when the write fails.
  static func print(_ text: String, json: Bool = false) throws(FeedAppError) {
    try write(rendered(text, json: json) + "\n", to: STDOUT_FILENO)
  }

  /// Writes `message` and a newline to standard error, sanitized; a failure there has nowhere left to be said.
  static func printError(_ message: String) {
    try? write(rendered(message, json: false) + "\n", to: STDERR_FILENO)
  }

  /// Writes all of `text` to `fd`, unbuffered (nothing is left to flush at exit, where a failure is silent), waiting
  /// while a non-blocking `fd` is full.
  ///
  /// - Throws: ``FeedAppError/outputFailed(reason:)`` with the system's reason.
  static func write(_ text: String, to fd: Int32) throws(FeedAppError) {
    var bytes = Array(text.utf8)
    let failure = bytes.withUnsafeMutableBytes { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return 0 }
      var offset = 0
      while offset < buffer.count {
        let count = systemWrite(fd, base + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR || (errno == EAGAIN && waitForRoom(fd)) { continue }
          return errno
        }
        if count == 0 { return EIO }
        offset += count
      }
      return 0
    }
    guard failure == 0 else { throw .outputFailed(reason: String(cString: strerror(failure))) }
  }

  /// Waits until `fd` takes more: an output left non-blocking (a pipe shared with a program that set the flag) is
  /// full, not failed. Whether it may be written again.
  private static func waitForRoom(_ fd: Int32) -> Bool {
    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    while poll(&ready, 1, -1) < 0 {
      guard errno == EINTR else { return false }
    }
    return true
  }

  private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
      Musl.write(fd, buffer, count)
    #else
      Darwin.write(fd, buffer, count)
    #endif
  }
}
