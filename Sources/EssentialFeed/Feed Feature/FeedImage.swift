import Foundation

/// One image of the feed, as the domain knows it: identity, optional text, and where its bytes live.
///
/// Values are immutable and `Sendable`, so they cross task and actor boundaries freely. Two images are equal when
/// every field is equal.
public struct FeedImage: Hashable, Sendable {
  /// The image's stable identity.
  public let id: UUID
  /// A free-text description, or `nil` when the image has none.
  public let description: String?
  /// Where the picture was taken, or `nil` when unknown.
  public let location: String?
  /// Where the image data can be loaded from.
  public let url: URL

  /// Creates a feed image.
  ///
  /// - Parameters:
  ///   - id: The image's stable identity.
  ///   - description: A free-text description, or `nil`.
  ///   - location: Where the picture was taken, or `nil`.
  ///   - url: Where the image data can be loaded from.
  public init(id: UUID, description: String?, location: String?, url: URL) {
    self.id = id
    self.description = description
    self.location = location
    self.url = url
  }
}
