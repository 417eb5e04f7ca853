import Foundation

/// A feed image as stores keep it: the cache's own model, so a store never depends on the domain's `FeedImage`.
public struct LocalFeedImage: Hashable, Sendable {
  /// The image's stable identity.
  public let id: UUID
  /// A free-text description, or `nil`.
  public let description: String?
  /// Where the picture was taken, or `nil`.
  public let location: String?
  /// Where the image data can be loaded from.
  public let url: URL

  /// Creates a local feed image.
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
