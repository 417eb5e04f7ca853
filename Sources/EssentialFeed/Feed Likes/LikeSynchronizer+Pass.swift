import Foundation

/// A lock held for each pass of a ``LikeSynchronizer``: two processes sharing one store (two app instances, an app
/// and its extension) then never send its actions at once, which could send an older action after a newer one.
public protocol LikePassLock: Sendable {
  /// Runs `pass` holding the lock, waiting for it without blocking the cooperative pool.
  ///
  /// - Throws: An error when the lock cannot be taken: the pass then does not run.
  func holding<T: Sendable>(_ pass: @Sendable () async -> T) async throws -> T
}

extension LikeSynchronizer {
  /// A pass holding ``passLock``, when there is one; a lock that cannot be taken is a failed pass that sent nothing.
  func lockedPass() async -> Report {
    guard let passLock else { return await pass() }
    do {
      return try await passLock.holding { await self.pass() }
    } catch {
      return Report(failed: 1, pending: (try? await store.pendingActions().count) ?? 0)
    }
  }

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
