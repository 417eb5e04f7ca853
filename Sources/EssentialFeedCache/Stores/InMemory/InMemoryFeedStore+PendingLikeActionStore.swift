import EssentialFeed
import Foundation

extension InMemoryFeedStore: PendingLikeActionStore {
  /// Stores `action` as its image's pending action, replacing any older one.
  ///
  /// - Parameter action: The action.
  public func enqueue(_ action: PendingLikeAction) {
    pendingLikes[action.imageID] = (pendingLikeCount, action)
    pendingLikeCount += 1
  }

  /// The pending actions, the oldest timestamp first (ties in the order they were stored).
  public func pendingActions() -> [PendingLikeAction] {
    pendingLikes.values.sorted { ($0.action.timestamp, $0.order) < ($1.action.timestamp, $1.order) }.map(\.action)
  }

  /// Removes `action` if it is still its image's pending action.
  ///
  /// - Parameter action: The action the server answered.
  /// - Returns: Whether it was removed.
  @discardableResult
  public func removeIfPending(_ action: PendingLikeAction) -> Bool {
    guard pendingLikes[action.imageID]?.action.id == action.id else { return false }
    pendingLikes[action.imageID] = nil
    return true
  }
}
