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
}
