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

  /// Writes all of `text` to `fd` (``OutputWriter``: unbuffered, waiting while a non-blocking `fd` is full).
  ///
  /// - Throws: ``FeedAppError/outputFailed(reason:)`` with the system's reason.
  static func write(_ text: String, to fd: Int32) throws(FeedAppError) {
    let failure = OutputWriter.writeAll(text, to: fd)
    guard failure == 0 else { throw .outputFailed(reason: String(cString: strerror(failure))) }
  }
}
