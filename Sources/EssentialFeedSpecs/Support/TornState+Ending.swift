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

  /// Reads that overlapped a write ending during them, the chances a tear needs, that a phase needs at least past its
  /// second. A store with two locks and nothing between its two writes tore, over 30 phases on an idle machine, after
  /// 2 to 1,338 of them (mean about 300), and an idle machine gives tens of thousands in the second; on a busy machine,
  /// where they come slowly, a reader preempted between its two reads gives the writer its whole gap, and it tore
  /// after 6 to 68 (mean about 25): 1,000 leave it no real chance to pass.
  static let minimumContendedReads = 1_000

  /// How long a phase runs at most: a machine so busy that the readers and writers seldom run at once gives fewer
  /// than ``minimumContendedReads`` chances by then, and the phase says so (``shortfall(of:contendedReads:endedByCap:)``).
  static let cap: Duration = .seconds(20)

  /// Whether a phase with no torn read is over: at its ``cap``, or past its second (busy machines deschedule readers
  /// while the writers write thousands of values) once ``minimumContendedReads`` reads overlapped a write and the
  /// readers saw `target` changes or the writers wrote fifty times as many values unseen (writes that never show are
  /// another spec's failure, not a reason to run forever).
  static func isOver(
    changesSeen: Int, written: Int, contendedReads: Int, target: Int, minimumTimePassed: Bool, capPassed: Bool
  ) -> Bool {
    capPassed
      || minimumTimePassed && contendedReads >= minimumContendedReads
        && (changesSeen >= target || written >= target * 50)
  }

  /// What a phase that saw no torn read says when its cap cut it before ``minimumContendedReads`` chances: it could
  /// not look, which is a warning, not a pass. `nil` when it looked long enough.
  static func shortfall(of what: String, contendedReads: Int, endedByCap: Bool) -> String? {
    guard endedByCap, contendedReads < minimumContendedReads else { return nil }
    return "the torn-state phase could not look for a torn \(what): in \(cap) only \(contendedReads) reads "
      + "overlapped a write (\(minimumContendedReads) looked for), the machine too busy to run readers and writers "
      + "at once; no torn read was seen, run it again on a quieter machine"
  }
}
