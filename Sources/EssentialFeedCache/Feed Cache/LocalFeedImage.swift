import EssentialFeed
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

  /// The image as the cache keeps it: the one mapping from the domain's model to the cache's.
  ///
  /// - Parameter image: The domain's image.
  public init(_ image: FeedImage) {
    self.init(id: image.id, description: image.description, location: image.location, url: image.url)
  }
}

extension FeedImage {
  /// The image as the domain sees it: the one mapping from the cache's model back to the domain's.
  ///
  /// - Parameter local: The cached image.
  public init(_ local: LocalFeedImage) {
    self.init(id: local.id, description: local.description, location: local.location, url: local.url)
  }
}
