import Foundation

extension LikeSynchronizer {
  /// What one pass did.
  public struct Report: Hashable, Sendable {
    /// Actions the server answered, removed from the store.
    public var sent = 0
    /// Actions that failed and stay pending, to be sent again.
    public var failed = 0
    /// Actions the server refused for good: removed, their optimistic state to be reverted.
    public var rejected = 0
    /// Actions pending after the pass.
    public var pending = 0

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - sent: Actions the server answered.
    ///   - failed: Actions that failed and stay pending.
    ///   - rejected: Actions the server refused for good.
    ///   - pending: Actions pending after the pass.
    public init(sent: Int = 0, failed: Int = 0, rejected: Int = 0, pending: Int = 0) {
      (self.sent, self.failed, self.rejected, self.pending) = (sent, failed, rejected, pending)
    }
  }

  /// What the synchronizer learns, for the presentation.
  public enum Event: Hashable, Sendable {
    /// The server's answer to an action: its authoritative state for the image.
    case answered(PendingLikeAction, LikeState)
    /// The server refused an action for good.
    case rejected(PendingLikeAction, LikeActionRejected)
  }
}
