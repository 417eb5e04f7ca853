import Foundation

/// Keeps the likes and discards not yet answered by the server, so none is lost when the app stops, and none is
/// applied twice. A store checks itself with `PendingLikeActionStoreSpec` (in `EssentialFeedSpecs`).
///
/// - Important: An action is stored **before** it is sent. Every operation is atomic and concurrent callers see a
///   linearizable history. One action per image at most: the user's latest intent.
public protocol PendingLikeActionStore: Sendable {
  /// Stores `action` as the pending action for its image, replacing any older one (sent or not): the latest intent
  /// wins.
  ///
  /// - Parameter action: The action, stored exactly (ids, kind, timestamp to the bit).
  func enqueue(_ action: PendingLikeAction) async throws

  /// The pending actions, the oldest timestamp first (ties in the order they were stored).
  func pendingActions() async throws -> [PendingLikeAction]

  /// Removes `action` if it is still its image's pending action, compared by ``PendingLikeAction/id``: the answer
  /// to an older action never removes a newer one.
  ///
  /// - Parameter action: The action the server answered.
  /// - Returns: Whether it was removed.
  @discardableResult
  func removeIfPending(_ action: PendingLikeAction) async throws -> Bool

  /// Removes each of `actions` still its image's pending action, as ``removeIfPending(_:)-(PendingLikeAction)`` one
  /// after the other would, in one change: the answers of a synchronizer's pass, for one hop to the store.
  ///
  /// An action listed twice is removed once; an older action replaced by a newer one for its image removes nothing.
  /// A shipped store makes the whole batch one atomic change (one lock, one write or transaction): when it throws,
  /// nothing was removed. The default implementation removes them one by one, so a failure midway keeps the rest.
  ///
  /// - Parameter actions: The actions the server answered, in any order.
  /// - Returns: The actions removed, in the order of `actions`.
  @discardableResult
  func removeIfPending(_ actions: [PendingLikeAction]) async throws -> [PendingLikeAction]
}

extension PendingLikeActionStore {
  /// Removes each of `actions` still its image's pending action, one ``removeIfPending(_:)-(PendingLikeAction)``
  /// after the other: what a store without a batch of its own does (a failure midway keeps the actions not reached).
  ///
  /// - Parameter actions: The actions the server answered.
  /// - Returns: The actions removed, in the order of `actions`.
  @discardableResult
  public func removeIfPending(_ actions: [PendingLikeAction]) async throws -> [PendingLikeAction] {
    var removed: [PendingLikeAction] = []
    for action in actions where try await removeIfPending(action) { removed.append(action) }
    return removed
  }
}
