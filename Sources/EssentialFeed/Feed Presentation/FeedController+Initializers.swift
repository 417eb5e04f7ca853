import Foundation

extension FeedController {
  /// Creates a controller; nothing loads until the view appears.
  ///
  /// - Parameters:
  ///   - feedLoader: Loads the feed.
  ///   - imageLoader: Loads each item's image data.
  ///   - loadMore: Loads the next page after a given image; `nil` when there is no pagination.
  ///   - imageTransformer: Decodes image data; `nil` means the data is invalid and a retry is offered.
  ///   - feedView: Shows the items.
  ///   - loadingView: Shows the feed's loading indicator.
  ///   - errorView: Shows the feed's error message.
  ///   - imageView: Shows each item's image state.
  ///   - loadMoreView: Shows the state of loading more.
  public convenience init(
    feedLoader: any FeedLoader,
    imageLoader: any FeedImageDataLoader,
    loadMore: LoadMore? = nil,
    imageTransformer: @escaping (Data) -> Image?,
    feedView: any FeedView,
    loadingView: any ResourceLoadingView,
    errorView: any ResourceErrorView,
    imageView: any FeedImageCellView<Image>,
    loadMoreView: (any LoadMoreView)? = nil
  ) {
    self.init(
      loader: { Self.paginated(try await feedLoader.load(), loadMore) }, imageLoader: imageLoader,
      imageTransform: .onMainActor(imageTransformer), feedView: feedView, loadingView: loadingView,
      errorView: errorView, imageView: imageView, loadMoreView: loadMoreView)
  }

  /// Creates a controller over a paginated feed, such as `FeedPager`'s; nothing loads until the view appears.
  ///
  /// Loading more follows the list's own `loadMore`, and stops when the list says it reached the end. Over a
  /// ``FeedWindow`` (`loader: { try await window.reload() }`), the controller holds only the window's items and
  /// their cells, so the screen's memory is bounded by the window's capacity; rows the window drops lose their cells
  /// and their image loads are cancelled.
  ///
  /// - Parameters:
  ///   - loader: Loads the first page (or the cached pages), and with it how to load more.
  ///   - imageLoader: Loads each item's image data.
  ///   - imageTransformer: Decodes image data; `nil` means the data is invalid and a retry is offered.
  ///   - feedView: Shows the items.
  ///   - loadingView: Shows the feed's loading indicator.
  ///   - errorView: Shows the feed's error message.
  ///   - imageView: Shows each item's image state.
  ///   - loadMoreView: Shows the state of loading more.
  public convenience init(
    loader: @escaping @Sendable () async throws -> Paginated<FeedImage>,
    imageLoader: any FeedImageDataLoader,
    imageTransformer: @escaping (Data) -> Image?,
    feedView: any FeedView,
    loadingView: any ResourceLoadingView,
    errorView: any ResourceErrorView,
    imageView: any FeedImageCellView<Image>,
    loadMoreView: (any LoadMoreView)? = nil
  ) {
    self.init(
      loader: loader, imageLoader: imageLoader, imageTransform: .onMainActor(imageTransformer), feedView: feedView,
      loadingView: loadingView, errorView: errorView, imageView: imageView, loadMoreView: loadMoreView)
  }

  // MARK: - Decoding off the main actor

  /// Creates a controller that decodes images off the main actor; nothing loads until the view appears.
  ///
  /// - Parameters:
  ///   - feedLoader: Loads the feed.
  ///   - imageLoader: Loads each item's image data.
  ///   - loadMore: Loads the next page after a given image; `nil` when there is no pagination.
  ///   - imageTransformer: Decodes image data off the main actor, in the image's load task: cancelled with it (an
  ///     item that leaves the screen), and its result then never shown. `nil` means the data is invalid and a retry
  ///     is offered.
  ///   - feedView: Shows the items.
  ///   - loadingView: Shows the feed's loading indicator.
  ///   - errorView: Shows the feed's error message.
  ///   - imageView: Shows each item's image state.
  ///   - loadMoreView: Shows the state of loading more.
  public convenience init(
    feedLoader: any FeedLoader,
    imageLoader: any FeedImageDataLoader,
    loadMore: LoadMore? = nil,
    imageTransformer: @escaping @Sendable (Data) async -> Image?,
    feedView: any FeedView,
    loadingView: any ResourceLoadingView,
    errorView: any ResourceErrorView,
    imageView: any FeedImageCellView<Image>,
    loadMoreView: (any LoadMoreView)? = nil
  ) where Image: Sendable {
    self.init(
      loader: { Self.paginated(try await feedLoader.load(), loadMore) }, imageLoader: imageLoader,
      imageTransform: .background(imageTransformer), feedView: feedView, loadingView: loadingView,
      errorView: errorView, imageView: imageView, loadMoreView: loadMoreView)
  }

  /// Creates a controller over a paginated feed that decodes images off the main actor; nothing loads until the view
  /// appears.
  ///
  /// Loading more follows the list's own `loadMore`, and stops when the list says it reached the end. Over a
  /// ``FeedWindow`` (`loader: { try await window.reload() }`), the controller holds only the window's items and
  /// their cells, so the screen's memory is bounded by the window's capacity; rows the window drops lose their cells
  /// and their image loads are cancelled.
  ///
  /// - Parameters:
  ///   - loader: Loads the first page (or the cached pages), and with it how to load more.
  ///   - imageLoader: Loads each item's image data.
  ///   - imageTransformer: Decodes image data off the main actor, in the image's load task: cancelled with it (an
  ///     item that leaves the screen), and its result then never shown. `nil` means the data is invalid and a retry
  ///     is offered.
  ///   - feedView: Shows the items.
  ///   - loadingView: Shows the feed's loading indicator.
  ///   - errorView: Shows the feed's error message.
  ///   - imageView: Shows each item's image state.
  ///   - loadMoreView: Shows the state of loading more.
  public convenience init(
    loader: @escaping @Sendable () async throws -> Paginated<FeedImage>,
    imageLoader: any FeedImageDataLoader,
    imageTransformer: @escaping @Sendable (Data) async -> Image?,
    feedView: any FeedView,
    loadingView: any ResourceLoadingView,
    errorView: any ResourceErrorView,
    imageView: any FeedImageCellView<Image>,
    loadMoreView: (any LoadMoreView)? = nil
  ) where Image: Sendable {
    self.init(
      loader: loader, imageLoader: imageLoader, imageTransform: .background(imageTransformer), feedView: feedView,
      loadingView: loadingView, errorView: errorView, imageView: imageView, loadMoreView: loadMoreView)
  }

  /// The feed a plain loader and a load-more hook describe, as a paginated list that never ends by itself.
  nonisolated private static func paginated(_ items: [FeedImage], _ hook: LoadMore?) -> Paginated<FeedImage> {
    guard let hook, let last = items.last else { return Paginated(items: items) }
    return Paginated(items: items) { paginated(items + (try await hook(last)), hook) }
  }

}
