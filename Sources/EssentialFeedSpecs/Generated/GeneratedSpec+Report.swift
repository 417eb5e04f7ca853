import EssentialFeed
import Foundation
import Testing

extension GeneratedSpec {
  /// With `ESSENTIALFEED_SPEC_VERBOSE` set, prints how many histories ran and how long they took.
  static func report(
    _ configuration: Configuration, histories: Int, plan: HistoryPlan?, since start: ContinuousClock.Instant
  ) {
    guard ProcessInfo.processInfo.environment["ESSENTIALFEED_SPEC_VERBOSE"] != nil else { return }
    let capabilities = plan.map { "\($0.capabilities)" } ?? "?"
    print("\(configuration.id): \(histories) histories over \(capabilities) in \(ContinuousClock().now - start)")
  }

  /// Records a failure: the spec, the seed and how to replay it, where the shrunk history fails and how, then its
  /// steps.
  static func record(
    _ configuration: Configuration, seed: UInt64, index: Int, from history: [ModelOperation],
    _ shrunk: (history: [ModelOperation], failure: HistoryFailure, replays: Int), _ sourceLocation: SourceLocation
  ) {
    let steps = shrunk.history.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    let at = shrunk.failure.step.map { "step \($0): " } ?? ""
    let message = """
      \(configuration.id) generated history \(index + 1) fails (\(RandomizedRounds.replay(seed))): \
      \(at)\(shrunk.failure.message)
      Shrunk from \(history.count) steps to \(shrunk.history.count) in \(shrunk.replays) replays:
      \(steps)
      """
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}

extension HistoryPlan {
  init(stores: StoreCapabilities, _ configuration: GeneratedSpec.Configuration) {
    self.init(
      stores: stores, focus: configuration.focus,
      knowsImageLimits: configuration.limitsImages,
      persistent: configuration.persistent)
  }
}
