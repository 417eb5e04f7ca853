import Foundation

/// The feed screen's behaviour without any UI: turns view events into loader calls and view updates.
///
/// Any UI drives it — UIKit, SwiftUI, a terminal — by forwarding its events (``viewDidAppear()``, ``refresh()``,
/// ``itemWillBecomeVisible(at:)``…) and implementing the view protocols. It runs on the main actor, as views do;
/// loads run concurrently and are cancelled when their item leaves the screen, or when the controller is released.
///
/// The controller only routes events: the feed load, each item's image and load-more are each a small
/// collaborator that owns its task.
@MainActor
public final class FeedController<Image> {
  /// Loads the page after the given last image; the load-more hook.
  public typealias LoadMore = @Sendable (_ after: FeedImage) async throws -> [FeedImage]

  let imageLoader: any FeedImageDataLoader
  let imageTransformer: (Data) -> Image?
  let feedView: any FeedView
  let imageView: any FeedImageCellView<Image>
  let feedLoad: LoadResourcePresentationAdapter<[FeedImage], FeedViewAdapter>
  let loadMore: LoadMoreController?
  var hasAppeared = false
  var cells: [FeedImageCellController<Image>] = []

  /// The images shown, in order.
  public internal(set) var feed: [FeedImage] = []

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
  public init(
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
    self.imageLoader = imageLoader
    self.imageTransformer = imageTransformer
    self.feedView = feedView
    self.imageView = imageView
    self.loadMore = loadMore.map { LoadMoreController(loadMore: $0, view: loadMoreView) }
    let adapter = FeedViewAdapter(feedView)
    feedLoad = LoadResourcePresentationAdapter(
      loader: { try await feedLoader.load() },
      presenter: LoadResourcePresenter(
        resourceView: adapter, loadingView: loadingView, errorView: errorView, mapper: { $0 }))
    adapter.willDisplay = { [weak self] feed in self?.replaceFeed(with: feed) }
  }

  // MARK: - Feed events

  /// The view appeared: loads the feed the first time only.
  public func viewDidAppear() {
    guard !hasAppeared else { return }
    hasAppeared = true
    feedLoad.loadResource()
  }

  /// The customer asked to reload; ignored while a load is running.
  public func refresh() {
    feedLoad.loadResource()
  }

  /// The customer dismissed the error message.
  public func dismissError() {
    feedLoad.dismissError()
  }

  /// `true` while the feed loads.
  public var isLoading: Bool { feedLoad.isLoading }

  /// A new feed replaces the old one: the old items' image loads and a page load in flight are cancelled.
  private func replaceFeed(with feed: [FeedImage]) {
    loadMore?.cancel()
    self.feed = feed
    cells = makeCells(for: feed, from: 0)
  }

  func makeCells(for images: [FeedImage], from start: Int) -> [FeedImageCellController<Image>] {
    images.enumerated().map { offset, image in
      FeedImageCellController(
        url: image.url, index: start + offset, imageLoader: imageLoader, imageTransformer: imageTransformer,
        view: imageView)
    }
  }
}
