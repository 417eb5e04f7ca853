/// What one feed item shows of its image's details.
public enum FeedImagePresenter {
  /// The item for `image`.
  ///
  /// - Parameter image: The feed image.
  /// - Returns: Its description and location, and whether to show the location.
  public static func map(_ image: FeedImage) -> FeedImageViewModel {
    FeedImageViewModel(description: image.description, location: image.location)
  }
}

/// One feed item's text.
public struct FeedImageViewModel: Hashable, Sendable {
  /// The description, or `nil` to hide it.
  public let description: String?
  /// The location, or `nil`.
  public let location: String?

  /// Whether the item shows a location: only when there is one.
  public var hasLocation: Bool { location != nil }
}

/// One feed item's image as its view shows it: loading, loaded, or offering a retry.
public struct FeedImageCellViewModel<Image> {
  /// `true` while the image data loads.
  public let isLoading: Bool
  /// The decoded image, once loaded.
  public let image: Image?
  /// `true` when the load failed or the data did not decode: offer a retry.
  public let shouldRetry: Bool

  /// Creates an image cell view model.
  ///
  /// - Parameters:
  ///   - isLoading: `true` while the image data loads.
  ///   - image: The decoded image, once loaded.
  ///   - shouldRetry: `true` to offer a retry.
  public init(isLoading: Bool, image: Image?, shouldRetry: Bool) {
    self.isLoading = isLoading
    self.image = image
    self.shouldRetry = shouldRetry
  }
}

extension FeedImageCellViewModel {
  /// The image data is loading.
  public static var loading: Self { Self(isLoading: true, image: nil, shouldRetry: false) }

  /// The image loaded and decoded.
  ///
  /// - Parameter image: The decoded image.
  public static func loaded(_ image: Image) -> Self { Self(isLoading: false, image: image, shouldRetry: false) }

  /// The load failed or the data did not decode: offer a retry.
  public static var retry: Self { Self(isLoading: false, image: nil, shouldRetry: true) }
}

extension FeedImageCellViewModel: Equatable where Image: Equatable {}
extension FeedImageCellViewModel: Sendable where Image: Sendable {}
