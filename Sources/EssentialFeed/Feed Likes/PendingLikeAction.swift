import Foundation

/// A like or discard the user made, kept until the server has answered it.
///
/// Its ``id`` is the idempotency key the request carries, so a request sent twice (its first answer lost) has one
/// effect on the server.
public struct PendingLikeAction: Hashable, Sendable {
  /// What the user did to an image.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Liked the image.
    case like
    /// Took the like back.
    case discard

    /// Whether the image is liked once this action is applied.
    public var liked: Bool { self == .like }
  }

  /// The action's id, sent as its `Idempotency-Key`.
  public let id: UUID
  /// The image acted on.
  public let imageID: UUID
  /// What was done.
  public let kind: Kind
  /// When the user did it.
  public let timestamp: Date

  /// Creates an action.
  ///
  /// - Parameters:
  ///   - id: The action's id, its idempotency key; a new one by default.
  ///   - imageID: The image acted on.
  ///   - kind: What was done.
  ///   - timestamp: When the user did it.
  public init(id: UUID = UUID(), imageID: UUID, kind: Kind, timestamp: Date) {
    self.id = id
    self.imageID = imageID
    self.kind = kind
    self.timestamp = timestamp
  }
}
