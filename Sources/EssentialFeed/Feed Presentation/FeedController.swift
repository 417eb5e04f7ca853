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
  /// Loads the page after the given last image; the load-more hook of the deprecated initializers.
  @available(*, deprecated, message: "use FeedPager.LoadPage, the one shape of 'the next page' (nil: the first)")
  public typealias LoadMore = @Sendable (_ after: FeedImage) async throws -> [FeedImage]

  let imageLoader: any FeedImageDataLoader
  /// Loads the images of items near the screen ahead: at low priority, four at once.
  let prefetcher: FeedImagePrefetcher
  let imageTransform: ImageTransform<Image>
  let feedView: any FeedView
  let imageView: any FeedImageCellView<Image>
  let feedLoad: LoadResourcePresentationAdapter<Paginated<FeedImage>, FeedViewAdapter>
  let loadMore: LoadMoreController
  let loadPrevious = LoadMoreController(view: nil)
  var nextPage: (@Sendable () async throws -> Paginated<FeedImage>)?
  var previousPage: (@Sendable () async throws -> Paginated<FeedImage>)?
  var hasAppeared = false
  var cells: [FeedImageCellController<Image>] = []

  /// The images shown, in order; over a ``FeedWindow``, the images the window holds.
  public internal(set) var feed: [FeedImage] = []
  /// The position of `feed[0]` in the whole list: 0 unless the list is windowed. Every event names an item by its
  /// position, which for a list that is not windowed is its index in ``feed``.
  public internal(set) var startIndex = 0

  /// The designated initializer: every public one describes its transform as an ``ImageTransform``.
  init(
    loader: @escaping @Sendable () async throws -> Paginated<FeedImage>, imageLoader: any FeedImageDataLoader,
    imageTransform: ImageTransform<Image>, feedView: any FeedView, loadingView: any ResourceLoadingView,
    errorView: any ResourceErrorView, imageView: any FeedImageCellView<Image>, loadMoreView: (any LoadMoreView)?
  ) {
    self.imageLoader = imageLoader
    prefetcher = FeedImagePrefetcher(loader: imageLoader)
    self.imageTransform = imageTransform
    self.feedView = feedView
    self.imageView = imageView
    self.loadMore = LoadMoreController(view: loadMoreView)
    let adapter = FeedViewAdapter(feedView)
    feedLoad = LoadResourcePresentationAdapter(
      loader: loader,
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

  /// The customer asked to reload; ignored while a load is running. A page load in flight is cancelled: the reload
  /// replaces the list it would extend (and a ``FeedWindow`` runs one operation at a time).
  public func refresh() {
    guard !feedLoad.isLoading else { return }
    loadMore.cancel()
    loadPrevious.cancel()
    feedLoad.loadResource()
  }

  /// The customer dismissed the error message.
  public func dismissError() {
    feedLoad.dismissError()
  }

  /// `true` while the feed loads.
  public var isLoading: Bool { feedLoad.isLoading }

  /// A new feed replaces the old one: the old items' image loads and a page load in flight are cancelled.
  private func replaceFeed(with page: Paginated<FeedImage>) {
    loadMore.cancel()
    loadPrevious.cancel()
    cells = []
    show(page)
  }

}
