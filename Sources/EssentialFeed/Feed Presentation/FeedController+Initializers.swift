import Foundation

extension FeedController {
  /// Creates a controller over a paginated feed; nothing loads until the view appears.
  ///
  /// Loading more follows the list's own `loadMore`, and stops when the list says it reached the end: pages from a
  /// server come from a ``FeedPager`` (`loader: FeedPager(loadPage: …).load`), a feed with no pages from
  /// `{ Paginated(items: try await loader.load()) }`. Over a ``FeedWindow`` (`loader: { try await window.reload() }`),
  /// the controller holds only the window's items and their cells, so the screen's memory is bounded by the window's
  /// capacity; rows the window drops lose their cells and their image loads are cancelled.
  ///
  /// - Parameters:
  ///   - loader: Loads the first page (or the cached pages), and with it how to load more.
  ///   - imageLoader: Loads each item's image data.
  ///   - imageTransform: Turns each image's data into what its view shows, on the main actor or off it.
  ///   - views: What the screen shows itself on.
  public convenience init(
    loader: @escaping @Sendable () async throws -> Paginated<FeedImage>, imageLoader: any FeedImageDataLoader,
    imageTransform: FeedImageTransform<Image>, views: FeedScreenViews<Image>
  ) {
    self.init(
      loader: loader, imageLoader: imageLoader, imageTransform: imageTransform.transform, feedView: views.feed,
      loadingView: views.loading, errorView: views.error, imageView: views.image, loadMoreView: views.loadMore)
  }

  // MARK: - Deprecated: the 2 × 2 matrix the one initializer replaces

  /// Creates a controller over a feed loader with a load-more hook, decoding on the main actor.
  @available(*, deprecated, message: "use init(loader:imageLoader:imageTransform:views:), with a FeedPager for pages")
  public convenience init(
    feedLoader: any FeedLoader, imageLoader: any FeedImageDataLoader, loadMore: LoadMore? = nil,
    imageTransformer: @escaping (Data) -> Image?, feedView: any FeedView, loadingView: any ResourceLoadingView,
    errorView: any ResourceErrorView, imageView: any FeedImageCellView<Image>, loadMoreView: (any LoadMoreView)? = nil
  ) {
    self.init(
      loader: { Self.paginated(try await feedLoader.load(), loadMore) }, imageLoader: imageLoader,
      imageTransform: .onMainActor(imageTransformer), feedView: feedView, loadingView: loadingView,
      errorView: errorView, imageView: imageView, loadMoreView: loadMoreView)
  }

  /// Creates a controller over a paginated feed, decoding on the main actor.
  @available(*, deprecated, message: "use init(loader:imageLoader:imageTransform:views:)")
  public convenience init(
    loader: @escaping @Sendable () async throws -> Paginated<FeedImage>, imageLoader: any FeedImageDataLoader,
    imageTransformer: @escaping (Data) -> Image?, feedView: any FeedView, loadingView: any ResourceLoadingView,
    errorView: any ResourceErrorView, imageView: any FeedImageCellView<Image>, loadMoreView: (any LoadMoreView)? = nil
  ) {
    self.init(
      loader: loader, imageLoader: imageLoader, imageTransform: .onMainActor(imageTransformer), feedView: feedView,
      loadingView: loadingView, errorView: errorView, imageView: imageView, loadMoreView: loadMoreView)
  }

  /// Creates a controller over a feed loader with a load-more hook, decoding off the main actor.
  @available(*, deprecated, message: "use init(loader:imageLoader:imageTransform:views:), with a FeedPager for pages")
  public convenience init(
    feedLoader: any FeedLoader, imageLoader: any FeedImageDataLoader, loadMore: LoadMore? = nil,
    imageTransformer: @escaping @Sendable (Data) async -> Image?, feedView: any FeedView,
    loadingView: any ResourceLoadingView, errorView: any ResourceErrorView, imageView: any FeedImageCellView<Image>,
    loadMoreView: (any LoadMoreView)? = nil
  ) where Image: Sendable {
    self.init(
      loader: { Self.paginated(try await feedLoader.load(), loadMore) }, imageLoader: imageLoader,
      imageTransform: .background(imageTransformer), feedView: feedView, loadingView: loadingView,
      errorView: errorView, imageView: imageView, loadMoreView: loadMoreView)
  }

  /// Creates a controller over a paginated feed, decoding off the main actor.
  @available(*, deprecated, message: "use init(loader:imageLoader:imageTransform:views:)")
  public convenience init(
    loader: @escaping @Sendable () async throws -> Paginated<FeedImage>, imageLoader: any FeedImageDataLoader,
    imageTransformer: @escaping @Sendable (Data) async -> Image?, feedView: any FeedView,
    loadingView: any ResourceLoadingView, errorView: any ResourceErrorView, imageView: any FeedImageCellView<Image>,
    loadMoreView: (any LoadMoreView)? = nil
  ) where Image: Sendable {
    self.init(
      loader: loader, imageLoader: imageLoader, imageTransform: .background(imageTransformer), feedView: feedView,
      loadingView: loadingView, errorView: errorView, imageView: imageView, loadMoreView: loadMoreView)
  }

  /// The feed a plain loader and a load-more hook describe, as a paginated list that never ends by itself.
  @available(*, deprecated, message: "the deprecated initializers' helper")
  nonisolated private static func paginated(_ items: [FeedImage], _ hook: LoadMore?) -> Paginated<FeedImage> {
    guard let hook, let last = items.last else { return Paginated(items: items) }
    return Paginated(items: items) { paginated(items + (try await hook(last)), hook) }
  }
}
