import EssentialFeed
import Foundation

extension InMemoryFeedStore: PendingLikeActionStore {
  /// Stores `action` as its image's pending action, replacing any older one.
  ///
  /// - Parameter action: The action.
  public func enqueue(_ action: PendingLikeAction) {
    pendingLikes.removeAll { $0.imageID == action.imageID }
    pendingLikes.append(action)
  }

  /// The pending actions, the oldest timestamp first (ties in the order they were stored).
  public func pendingActions() -> [PendingLikeAction] {
    pendingLikes.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
      .map(\.element)
  }

  /// Removes `action` if it is still its image's pending action.
  ///
  /// - Parameter action: The action the server answered.
  /// - Returns: Whether it was removed.
  @discardableResult
  public func removeIfPending(_ action: PendingLikeAction) -> Bool {
    guard let index = pendingLikes.firstIndex(where: { $0.id == action.id }) else { return false }
    pendingLikes.remove(at: index)
    return true
  }
}
