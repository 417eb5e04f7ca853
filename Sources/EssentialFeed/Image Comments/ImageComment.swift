import Foundation

/// A comment on a feed image.
public struct ImageComment: Hashable, Sendable {
  /// The comment's stable identity.
  public let id: UUID
  /// What the author wrote; may be empty.
  public let message: String
  /// When it was written.
  public let createdAt: Date
  /// Who wrote it.
  public let username: String

  /// Creates a comment.
  ///
  /// - Parameters:
  ///   - id: The comment's stable identity.
  ///   - message: What the author wrote; may be empty.
  ///   - createdAt: When it was written.
  ///   - username: Who wrote it.
  public init(id: UUID, message: String, createdAt: Date, username: String) {
    self.id = id
    self.message = message
    self.createdAt = createdAt
    self.username = username
  }
}
