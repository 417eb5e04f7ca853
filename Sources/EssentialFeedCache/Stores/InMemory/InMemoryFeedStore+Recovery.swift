import EssentialFeed

extension InMemoryFeedStore: RecoverablePendingLikeActionStore {
  /// Changes nothing: memory is never damaged, so every action is kept and none dropped.
  public func recoverPendingActions() -> PendingLikeRecovery {
    PendingLikeRecovery(kept: pendingActions().count, dropped: 0)
  }
}
