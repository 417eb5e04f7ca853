import Foundation

extension LikeSynchronizer {
  /// One pass: every pending action in turn, oldest first, each removed by its own answer; it ends at the first
  /// action the server could not be reached for (``LikeSendingFailure/serverUnreachable``).
  func pass() async -> Report {
    var report = Report()
    guard let actions = try? await store.pendingActions() else {
      report.failed = 1
      return report
    }
    for action in actions {
      if Task.isCancelled { break }
      do {
        let state = try await sender.send(action)
        _ = try await store.removeIfPending(action)
        report.sent += 1
        onEvent(.answered(action, state))
      } catch let refusal as LikeActionRejected {
        switch try? await store.removeIfPending(action) {
        case true:
          report.rejected += 1
          onEvent(.rejected(action, refusal))
        case false: break  // A newer action replaced it: that one is the intent now.
        case nil: report.failed += 1
        }
      } catch {
        report.failed += 1
        if let failure = error as? any LikeSendingFailure, failure.serverUnreachable { break }
      }
    }
    report.pending = (try? await store.pendingActions().count) ?? actions.count
    return report
  }
}
