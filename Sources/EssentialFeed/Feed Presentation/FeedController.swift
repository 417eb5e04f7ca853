import Foundation

/// The feed screen's behaviour without any UI: turns view events into loader calls and view updates.
///
/// Any UI drives it — UIKit, SwiftUI, a terminal — by forwarding its events (``viewDidAppear()``, ``refresh()``,
/// ``itemWillBecomeVisible(at:)``…) and implementing the view protocols. It runs on the main actor, as views do;
/// loads run concurrently and are cancelled when their item leaves the screen.
@MainActor
public final class FeedController<Image> {
  /// Loads the page after the given last image; the load-more hook.
  public typealias LoadMore = @Sendable (_ after: FeedImage) async throws -> [FeedImage]

  enum ImageState {
    case idle
    case loading(Task<Void, Never>)
    case loaded(Image)
    case failed
  }

  let feedLoader: any FeedLoader
  let imageLoader: any FeedImageDataLoader
  let loadMore: LoadMore?
  let imageTransformer: (Data) -> Image?
  let feedView: any FeedView
  let imageView: any FeedImageCellView<Image>
  let loadMoreView: (any LoadMoreView)?
  let presenter: LoadResourcePresenter<[FeedImage], FeedViewAdapter>

  var hasAppeared = false
  var feedTask: Task<Void, Never>?
  var loadMoreTask: Task<Void, Never>?
  var imageStates: [ImageState] = []

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
    self.feedLoader = feedLoader
    self.imageLoader = imageLoader
    self.loadMore = loadMore
    self.imageTransformer = imageTransformer
    self.feedView = feedView
    self.imageView = imageView
    self.loadMoreView = loadMoreView
    presenter = LoadResourcePresenter(
      resourceView: FeedViewAdapter(feedView), loadingView: loadingView, errorView: errorView,
      mapper: FeedPresenter.map)
  }

  // MARK: - Feed events

  /// The view appeared: loads the feed the first time only.
  public func viewDidAppear() {
    guard !hasAppeared else { return }
    hasAppeared = true
    loadFeed()
  }

  /// The customer asked to reload; ignored while a load is running.
  public func refresh() {
    loadFeed()
  }

  /// The customer dismissed the error message.
  public func dismissError() {
    presenter.didDismissError()
  }

  /// `true` while the feed loads.
  public var isLoading: Bool { feedTask != nil }

  private func loadFeed() {
    guard feedTask == nil else { return }
    presenter.didStartLoading()
    feedTask = Task { [feedLoader] in
      let result: Result<[FeedImage], any Error>
      do {
        result = .success(try await feedLoader.load())
      } catch {
        result = .failure(error)
      }
      self.didLoadFeed(result)
    }
  }

  private func didLoadFeed(_ result: Result<[FeedImage], any Error>) {
    feedTask = nil
    switch result {
    case .success(let feed):
      replaceFeed(with: feed)
      presenter.didFinishLoading(with: feed)
    case .failure(let error):
      presenter.didFinishLoading(with: error)
    }
  }

  private func replaceFeed(with feed: [FeedImage]) {
    for state in imageStates { if case .loading(let task) = state { task.cancel() } }
    loadMoreTask?.cancel()
    loadMoreTask = nil
    self.feed = feed
    imageStates = Array(repeating: .idle, count: feed.count)
  }
}
