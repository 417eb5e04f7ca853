import Foundation

/// What `feed browse` did: scrolled the whole feed down through a window and back up, and what that cost.
struct BrowseReport: Codable, Equatable, Sendable {
  /// The images visited: every position from the first to the last.
  var visited = 0
  /// The window's capacity.
  var window = 0
  /// The most images the window held at once.
  var mostHeld = 0
  /// Pages requested from the server.
  var serverPages = 0
  /// Pages read from the page store.
  var storePages = 0
  /// Requests whose cursor was not the end of what was already stored: requests for rows already seen.
  var requestsForRowsSeen = 0
  /// Rows the server sent that the page store held already.
  var rowsSentAgain = 0
  /// Milliseconds per page scrolling down (most from the server) and up (all from the page store).
  var msPerPageDown = 0.0
  var msPerPageUp = 0.0
  /// The process's peak resident memory, in bytes.
  var peakMemoryBytes = 0

  /// The report as lines of text in `language`.
  func text(in language: AppLanguage) -> String {
    let milliseconds = { (value: Double) in value.formatted(.number.precision(.fractionLength(2))) }
    return [
      language.text("BROWSE_VISITED", language.number(visited), language.number(window)),
      language.text("BROWSE_PAGES", language.number(serverPages), language.number(storePages)),
      language.text("BROWSE_HELD", language.number(mostHeld)),
      language.text("BROWSE_SEEN", language.number(requestsForRowsSeen), language.number(rowsSentAgain)),
      language.text("BROWSE_TIME", milliseconds(msPerPageDown), milliseconds(msPerPageUp)),
      language.text("BROWSE_MEMORY", language.number(peakMemoryBytes / 1_048_576)),
    ].joined(separator: "\n")
  }

  /// The report as JSON, keys sorted.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// The process's peak resident memory so far, in bytes (Linux reports it in KiB, macOS in bytes).
  static func peakMemory() -> Int {
    var usage = rusage()
    #if os(Linux)
      guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
      return usage.ru_maxrss * 1_024
    #else
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
      return usage.ru_maxrss
    #endif
  }
}
