import EssentialFeed
import Foundation

extension InMemoryFeedStore: PendingLikeActionStore {
  /// Stores `action` as its image's pending action, replacing any older one.
  ///
  /// - Parameter action: The action.
  public func enqueue(_ action: PendingLikeAction) {
    pendingLikes.store(action)
  }

  /// The pending actions, the oldest timestamp first (ties in the order they were stored).
  public func pendingActions() -> [PendingLikeAction] {
    pendingLikes.byTimestamp
  }

  /// Removes `action` if it is still its image's pending action.
  ///
  /// - Parameter action: The action the server answered.
  /// - Returns: Whether it was removed.
  @discardableResult
  public func removeIfPending(_ action: PendingLikeAction) -> Bool {
    pendingLikes.remove(image: action.imageID, ifActionID: action.id)
  }

  /// Removes each of `actions` still its image's pending action, in one operation (one hop to the actor).
  ///
  /// - Parameter actions: The actions the server answered.
  /// - Returns: The actions removed, in the order of `actions`.
  @discardableResult
  public func removeIfPending(_ actions: [PendingLikeAction]) -> [PendingLikeAction] {
    pendingLikes.remove(actions)  // one access to the actor's state for the batch, not one per action
  }
}
