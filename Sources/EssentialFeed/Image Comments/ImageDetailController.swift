import Foundation

/// A view that shows the image's text: its description and location.
@MainActor
public protocol ImageDetailView: AnyObject {
  /// Shows the image's text.
  func display(_ viewModel: FeedImageViewModel)
}

/// A view that shows an image's comments.
@MainActor
public protocol ImageCommentsView: AnyObject {
  /// Shows the comments, replacing what was shown.
  func display(_ viewModel: ImageCommentsViewModel)
}

/// The detail screen of one image without any UI: its text at once, then its image data and its comments, each
/// with its own loading and error state and a retry.
///
/// Built from the feed's parts: the image loads as a feed cell does (``FeedImageCellView``, index 0), the comments
/// through the generic load-resource presentation. Releasing the controller cancels both loads.
@MainActor
public final class ImageDetailController<Image> {
  private let image: FeedImage
  private let detailView: any ImageDetailView
  private let cell: FeedImageCellController<Image>
  private let comments: LoadResourcePresentationAdapter<[ImageComment], CommentsViewAdapter>

  /// The designated initializer: the public ones describe their transform as an ``ImageTransform``.
  private init(
    image: FeedImage, imageLoader: any FeedImageDataLoader,
    commentsLoader: @escaping @Sendable () async throws -> [ImageComment], imageTransform: ImageTransform<Image>,
    views: (detail: any ImageDetailView, image: any FeedImageCellView<Image>, comments: any ImageCommentsView),
    loadingView: any ResourceLoadingView, errorView: any ResourceErrorView,
    relativeTo currentDate: @escaping @Sendable () -> Date, calendar: Calendar, locale: Locale
  ) {
    self.image = image
    self.detailView = views.detail
    cell = FeedImageCellController(
      url: image.url, index: 0, imageLoader: imageLoader, prefetcher: FeedImagePrefetcher(loader: imageLoader),
      transform: imageTransform, view: views.image)
    comments = LoadResourcePresentationAdapter(
      loader: commentsLoader,
      presenter: LoadResourcePresenter(
        resourceView: CommentsViewAdapter(views.comments), loadingView: loadingView, errorView: errorView,
        mapper: { ImageCommentsPresenter.map($0, currentDate: currentDate(), calendar: calendar, locale: locale) }))
  }

  /// Creates a controller; nothing loads until the view appears.
  ///
  /// - Parameters:
  ///   - image: The image to show.
  ///   - imageLoader: Loads its image data.
  ///   - commentsLoader: Loads its comments, such as `RemoteImageCommentsLoader.load`.
  ///   - imageTransformer: Decodes image data; `nil` offers a retry.
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
    imageTransformer: @escaping (Data) -> Image?, detailView: any ImageDetailView,
    imageView: any FeedImageCellView<Image>, commentsView: any ImageCommentsView,
    loadingView: any ResourceLoadingView, errorView: any ResourceErrorView,
    relativeTo currentDate: @escaping @Sendable () -> Date = Date.init, calendar: Calendar = .current,
    locale: Locale = .current
  ) {
    self.init(
      image: image, imageLoader: imageLoader, commentsLoader: commentsLoader,
      imageTransform: .onMainActor(imageTransformer), views: (detailView, imageView, commentsView),
      loadingView: loadingView, errorView: errorView, relativeTo: currentDate, calendar: calendar, locale: locale)
  }

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

  /// The view appeared: shows the text, and loads the image and the comments.
  public func viewDidAppear() {
    detailView.display(FeedImagePresenter.map(image))
    cell.willBecomeVisible()
    comments.loadResource()
  }

  /// The customer asked to load the image again.
  public func retryImage() {
    cell.retry()
  }

  /// The customer asked to load the comments again; ignored while they load.
  public func retryComments() {
    comments.loadResource()
  }

  /// `true` while the comments load.
  public var isLoadingComments: Bool { comments.isLoading }
}

/// Shows mapped comments on any ``ImageCommentsView``.
@MainActor
final class CommentsViewAdapter: ResourceView {
  private let view: any ImageCommentsView

  init(_ view: any ImageCommentsView) {
    self.view = view
  }

  func display(_ viewModel: ImageCommentsViewModel) {
    view.display(viewModel)
  }
}
