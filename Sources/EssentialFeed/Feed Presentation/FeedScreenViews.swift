import Foundation

/// The views a ``FeedController`` shows its screen on, as one value: the list, its loading indicator and error
/// message, each image's state, and (for a paginated list) the state of loading more.
public struct FeedScreenViews<Image> {
  /// Shows the items.
  public var feed: any FeedView
  /// Shows the feed's loading indicator.
  public var loading: any ResourceLoadingView
  /// Shows the feed's error message.
  public var error: any ResourceErrorView
  /// Shows each item's image state.
  public var image: any FeedImageCellView<Image>
  /// Shows the state of loading more; `nil` when the screen shows none.
  public var loadMore: (any LoadMoreView)?

  /// Creates the views of a screen from one view for each part.
  public init(
    feed: any FeedView, loading: any ResourceLoadingView, error: any ResourceErrorView,
    image: any FeedImageCellView<Image>, loadMore: (any LoadMoreView)? = nil
  ) {
    (self.feed, self.loading, self.error, self.image, self.loadMore) = (feed, loading, error, image, loadMore)
  }

  /// Creates the views of a screen whose one view shows every part (a terminal screen, a test's spy).
  public init<View: FeedView & ResourceLoadingView & ResourceErrorView & FeedImageCellView<Image>>(
    _ view: View, loadMore: (any LoadMoreView)? = nil
  ) {
    self.init(feed: view, loading: view, error: view, image: view, loadMore: loadMore)
  }
}

/// How a ``FeedController`` turns an image's data into what its view shows: on the main actor when the data arrives
/// (cheap transforms), or in the image's load task, off the main actor, cancelled with it.
public struct FeedImageTransform<Image> {
  let transform: ImageTransform<Image>

  /// Decodes on the main actor once the data arrives; `nil` means the data is invalid and a retry is offered.
  public static func onMainActor(_ transform: @escaping (Data) -> Image?) -> Self {
    Self(transform: .onMainActor(transform))
  }

  /// Decodes off the main actor, in the image's load task: cancelled with it (an item that leaves the screen), and
  /// its result then never shown. `nil` means the data is invalid and a retry is offered.
  public static func background(_ transform: @escaping @Sendable (Data) async -> Image?) -> Self
  where Image: Sendable {
    Self(transform: .background(transform))
  }
}
