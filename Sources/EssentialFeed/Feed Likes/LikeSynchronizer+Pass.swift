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

  /// The answers removed from the store in one batch: one hop to the store for many of them, and few enough that an
  /// app stopped midway sends little again (each again with its idempotency key, so the server applies it once).
  static let removalBatch = 64

  /// One pass: every pending action in turn, oldest first, each removed by its own answer (compare-and-delete), the
  /// answers in batches of ``removalBatch``; it ends at the first action the server could not be reached for
  /// (``LikeSendingFailure/serverUnreachable``).
  func pass() async -> Report {
    var report = Report()
    guard let actions = try? await store.pendingActions() else {
      report.failed = 1
      return report
    }
    var answers: [Event] = []
    for action in actions {
      if Task.isCancelled { break }
      do {
        answers.append(.answered(action, try await sender.send(action)))
      } catch let refusal as LikeActionRejected {
        answers.append(.rejected(action, refusal))
      } catch {
        report.failed += 1
        if let failure = error as? any LikeSendingFailure, failure.serverUnreachable { break }
      }
      if answers.count == Self.removalBatch { await remove(&answers, reporting: &report) }
    }
    await remove(&answers, reporting: &report)
    report.pending = (try? await store.pendingActions().count) ?? actions.count
    return report
  }

  /// Removes the answered actions in one batch, then tells of each: an answer counts as sent (a newer action that
  /// replaced it is the intent now, and is sent next); a refusal counts once its action is removed. When the
  /// removal fails, every one of them stays pending and counts as failed.
  private func remove(_ answers: inout [Event], reporting report: inout Report) async {
    guard !answers.isEmpty else { return }
    defer { answers.removeAll(keepingCapacity: true) }
    guard let removed = try? await store.removeIfPending(answers.map(\.action)) else {
      report.failed += answers.count
      return
    }
    let removedIDs = Set(removed.map(\.id))
    for answer in answers {
      switch answer {
      case .answered:
        report.sent += 1
        onEvent(answer)
      case .rejected(let action, _) where removedIDs.contains(action.id):
        report.rejected += 1
        onEvent(answer)
      case .rejected: break  // A newer action replaced it: that one is the intent now.
      }
    }
  }
}

extension LikeSynchronizer.Event {
  /// The action answered or refused.
  var action: PendingLikeAction {
    switch self {
    case .answered(let action, _), .rejected(let action, _): action
    }
  }
}
