import Foundation

/// How long a torn-state phase lasts.
extension TornState {
  /// The environment variable that sets how many changes the readers see at least (default ``defaultChanges``):
  /// raise it to hunt a rarer tear, at the cost of time.
  static let changesVariable = "ESSENTIALFEED_SPEC_TORN_CHANGES"
  /// Changes the readers see at least, by default.
  static let defaultChanges = 500

  /// The number of changes this run asks for.
  static func changes(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
    environment[changesVariable].flatMap { Int($0) }.map { max(1, $0) } ?? defaultChanges
  }

  /// Reads begun while a write was under way that a phase needs at least: on a busy machine, where the four threads
  /// seldom run at once, the phase goes on past its second until they overlapped this often.
  static let minimumOverlaps = 50_000

  /// Whether a phase with no torn read is over: at its cap (10 s), or past its second (busy machines deschedule
  /// readers while the writers write thousands of values) once reads overlapped writes ``minimumOverlaps`` times and
  /// the readers saw `target` changes or the writers wrote fifty times as many values unseen (writes that never show
  /// are another spec's failure, not a reason to run forever).
  static func isOver(
    changesSeen: Int, written: Int, overlaps: Int, target: Int, minimumTimePassed: Bool, capPassed: Bool
  ) -> Bool {
    capPassed || minimumTimePassed && overlaps >= minimumOverlaps && (changesSeen >= target || written >= target * 50)
  }
}
