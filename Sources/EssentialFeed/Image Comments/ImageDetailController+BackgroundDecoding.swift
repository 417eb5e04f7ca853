import Foundation

extension ImageDetailController {
  /// Creates a controller that decodes the image off the main actor; nothing loads until the view appears.
  ///
  /// - Parameters:
  ///   - image: The image to show.
  ///   - imageLoader: Loads its image data.
  ///   - commentsLoader: Loads its comments, such as `RemoteImageCommentsLoader.load`.
  ///   - imageTransformer: Decodes image data off the main actor, in the image's load task (cancelled with it,
  ///     its result then never shown); `nil` offers a retry.
  ///   - detailView: Shows the text.
  ///   - imageView: Shows the image, at index 0.
  ///   - commentsView: Shows the comments.
  ///   - loadingView: Shows the comments' loading indicator.
  ///   - errorView: Shows the comments' error.
  ///   - currentDate: Now, from an injected clock, for the comments' relative dates.
  ///   - calendar: The calendar the relative dates count in.
  ///   - locale: The locale of the relative dates.
  public convenience init(
    image: FeedImage, imageLoader: any FeedImageDataLoader,
    commentsLoader: @escaping @Sendable () async throws -> [ImageComment],
    imageTransformer: @escaping @Sendable (Data) async -> Image?, detailView: any ImageDetailView,
    imageView: any FeedImageCellView<Image>, commentsView: any ImageCommentsView,
    loadingView: any ResourceLoadingView, errorView: any ResourceErrorView,
    relativeTo currentDate: @escaping @Sendable () -> Date = Date.init, calendar: Calendar = .current,
    locale: Locale = .current
  ) where Image: Sendable {
    self.init(
      image: image, imageLoader: imageLoader, commentsLoader: commentsLoader,
      imageTransform: .background(imageTransformer), views: (detailView, imageView, commentsView),
      loadingView: loadingView, errorView: errorView, relativeTo: currentDate, calendar: calendar, locale: locale)
  }

}
