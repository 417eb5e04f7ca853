import EssentialFeedAPI
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Long work told as it goes, on one line of a terminal redrawn in place: how much is done, how fast, and what is
/// left. The feed's pages come first (the server says not how many there are: their count and rate), then the
/// images (of how many, their rate, the seconds left at that rate). Drawn at most every `interval` seconds, and
/// cleared when the work ends, so the output that follows starts on a clean line.
///
/// The app makes one only for a terminal (``terminal(json:language:)``): a pipe, a file or `--json` gets none.
final class ProgressLine: Sendable {
  private struct State {
    var phase = Phase.pages
    var count = 0
    var started: TimeInterval?
    var drawn: TimeInterval?
  }

  private enum Phase: Equatable {
    case pages
    case images(total: Int)
  }

  private let language: AppLanguage
  private let interval: TimeInterval
  private let now: @Sendable () -> TimeInterval
  private let write: @Sendable (String) -> Void
  private let state = Mutex(State())

  /// - Parameters:
  ///   - language: The language of the line.
  ///   - interval: The least time between two draws, in seconds.
  ///   - now: A monotonic clock, in seconds.
  ///   - write: Where the line goes: standard error for the app.
  init(
    language: AppLanguage, interval: TimeInterval = 0.1,
    now: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime },
    write: @escaping @Sendable (String) -> Void
  ) {
    (self.language, self.interval, self.now, self.write) = (language, interval, now, write)
  }

  /// The progress line of a command on standard error, or `nil` when standard error is no terminal or the command
  /// answers in JSON. `ESSENTIALFEED_PROGRESS_INTERVAL` sets the least time between draws (0.1 s by default; 0
  /// draws every event, as the tests do so that what they read never depends on how fast the machine is).
  static func terminal(
    json: Bool, language: AppLanguage, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ProgressLine? {
    guard !json, isatty(STDERR_FILENO) == 1 else { return nil }
    let interval = environment["ESSENTIALFEED_PROGRESS_INTERVAL"].flatMap(TimeInterval.init) ?? 0.1
    return ProgressLine(language: language, interval: interval) { try? AppOutput.write($0, to: STDERR_FILENO) }
  }

  /// A page of the feed (or of a search) arrived.
  func pageLoaded() {
    advance(to: .pages) { $0 + 1 }
  }

  /// `settled` of the `total` images have loaded or failed.
  func imagesSettled(_ settled: Int, of total: Int) {
    advance(to: .images(total: total)) { _ in settled }
  }

  /// The work ended: the line is cleared, if one was drawn.
  func finish() {
    let drawn = state.withLock { state in
      defer { state = State() }
      return state.drawn != nil
    }
    if drawn { write("\r\u{1B}[K") }
  }

  private func advance(to phase: Phase, count: (Int) -> Int) {
    let time = now()
    let line: String? = state.withLock { state in
      if state.phase != phase { (state.phase, state.count, state.started) = (phase, 0, nil) }
      state.count = count(state.count)
      let started = state.started ?? time
      state.started = started
      guard time > started, time - (state.drawn ?? started) >= interval else { return nil }
      state.drawn = time
      return text(state.phase, count: state.count, rate: Double(state.count) / (time - started))
    }
    if let line { write("\r" + line + "\u{1B}[K") }
  }

  private func text(_ phase: Phase, count: Int, rate: Double) -> String {
    let perSecond = language.number(Int(rate.rounded()))
    switch phase {
    case .pages:
      return language.text("PROGRESS_PAGES", language.number(count), perSecond)
    case .images(let total):
      let left = rate > 0 ? Int((Double(max(0, total - count)) / rate).rounded(.up)) : 0
      return language.text(
        "PROGRESS_IMAGES", language.number(count), language.number(total), perSecond, language.number(left))
    }
  }
}

extension FeedComposer.Decorators {
  /// These decorators, with every answer to a page's request (the feed's, a search's, the window's) told to
  /// `progress`; the same decorators without one.
  func telling(_ progress: ProgressLine?) -> Self {
    guard let progress else { return self }
    var decorators = self
    decorators.feedClient = { [feedClient] in PageProgressClient(decoratee: feedClient($0), progress: progress) }
    return decorators
  }
}

/// Tells a ``ProgressLine`` of each answer its requests get.
private struct PageProgressClient: HTTPClient {
  let decoratee: any HTTPClient
  let progress: ProgressLine

  func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    let answer = try await decoratee.get(from: url)
    progress.pageLoaded()
    return answer
  }
}
