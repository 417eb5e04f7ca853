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

  private enum ImageState {
    case idle
    case loading(Task<Void, Never>)
    case loaded(Image)
    case failed
  }

  private let feedLoader: any FeedLoader
  private let imageLoader: any FeedImageDataLoader
  private let loadMore: LoadMore?
  private let imageTransformer: (Data) -> Image?
  private let feedView: any FeedView
  private let imageView: any FeedImageCellView<Image>
  private let loadMoreView: (any LoadMoreView)?
  private let presenter: LoadResourcePresenter<[FeedImage], FeedViewAdapter>

  private var hasAppeared = false
  private var feedTask: Task<Void, Never>?
  private var loadMoreTask: Task<Void, Never>?
  private var imageStates: [ImageState] = []

  /// The images shown, in order.
  public private(set) var feed: [FeedImage] = []

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

  // MARK: - Image events

  /// The item at `index` is about to be shown: shows its image, loading it unless loaded or already loading.
  ///
  /// - Parameter index: The item's index in ``feed``.
  public func itemWillBecomeVisible(at index: Int) {
    guard imageStates.indices.contains(index) else { return }
    switch imageStates[index] {
    case .loaded(let image):
      imageView.display(FeedImageCellViewModel(isLoading: false, image: image, shouldRetry: false), at: index)
    case .loading: imageView.display(FeedImageCellViewModel(isLoading: true, image: nil, shouldRetry: false), at: index)
    case .idle, .failed: loadImage(at: index)
    }
  }

  /// The item at `index` left the screen: cancels its image load, if one is running.
  ///
  /// - Parameter index: The item's index in ``feed``.
  public func itemDidBecomeHidden(at index: Int) {
    cancelImageLoad(at: index)
  }

  /// The items at `indices` are near the screen: starts loading their images ahead of time.
  ///
  /// - Parameter indices: The items' indices in ``feed``.
  public func prefetchItems(at indices: [Int]) {
    for index in indices where imageStates.indices.contains(index) {
      switch imageStates[index] {
      case .idle, .failed: loadImage(at: index)
      case .loading, .loaded: break
      }
    }
  }

  /// The items at `indices` moved away from the screen: cancels their prefetching.
  ///
  /// - Parameter indices: The items' indices in ``feed``.
  public func cancelPrefetching(at indices: [Int]) {
    for index in indices { cancelImageLoad(at: index) }
  }

  /// The customer asked to retry the image at `index`.
  ///
  /// - Parameter index: The item's index in ``feed``.
  public func retryImage(at index: Int) {
    guard imageStates.indices.contains(index) else { return }
    if case .loading = imageStates[index] { return }
    loadImage(at: index)
  }

  private func loadImage(at index: Int) {
    let url = feed[index].url
    imageView.display(FeedImageCellViewModel(isLoading: true, image: nil, shouldRetry: false), at: index)
    let task = Task { [imageLoader] in
      let result: Result<Data, any Error>
      do {
        result = .success(try await imageLoader.loadImageData(from: url))
      } catch {
        result = .failure(error)
      }
      guard !Task.isCancelled else { return }
      self.didLoadImage(result, at: index, url: url)
    }
    imageStates[index] = .loading(task)
  }

  private func didLoadImage(_ result: Result<Data, any Error>, at index: Int, url: URL) {
    guard imageStates.indices.contains(index), feed[index].url == url else { return }
    if case .success(let data) = result, let image = imageTransformer(data) {
      imageStates[index] = .loaded(image)
      imageView.display(FeedImageCellViewModel(isLoading: false, image: image, shouldRetry: false), at: index)
    } else {
      imageStates[index] = .failed
      imageView.display(FeedImageCellViewModel(isLoading: false, image: nil, shouldRetry: true), at: index)
    }
  }

  private func cancelImageLoad(at index: Int) {
    guard imageStates.indices.contains(index), case .loading(let task) = imageStates[index] else { return }
    task.cancel()
    imageStates[index] = .idle
  }

  // MARK: - Load more

  /// The item at `index` is about to be shown: when it is the last one, loads the next page.
  ///
  /// Ignored without a load-more hook, while the feed or a page loads, or for any item but the last.
  ///
  /// - Parameter index: The item's index in ``feed``.
  public func itemNearEndWillBecomeVisible(at index: Int) {
    guard let loadMore, index == feed.count - 1, let last = feed.last, feedTask == nil, loadMoreTask == nil else {
      return
    }
    loadMoreView?.display(LoadMoreViewModel(isLoading: true, errorMessage: nil))
    loadMoreTask = Task {
      let result: Result<[FeedImage], any Error>
      do {
        result = .success(try await loadMore(last))
      } catch {
        result = .failure(error)
      }
      guard !Task.isCancelled else { return }
      self.didLoadMore(result)
    }
  }

  private func didLoadMore(_ result: Result<[FeedImage], any Error>) {
    loadMoreTask = nil
    switch result {
    case .success(let page):
      feed += page
      imageStates += Array(repeating: .idle, count: page.count)
      feedView.display(FeedPresenter.map(feed))
      loadMoreView?.display(LoadMoreViewModel(isLoading: false, errorMessage: nil))
    case .failure:
      let message = LoadResourcePresenter<[FeedImage], FeedViewAdapter>.loadError
      loadMoreView?.display(LoadMoreViewModel(isLoading: false, errorMessage: message))
    }
  }
}

/// Adapts any ``FeedView`` to the generic presenter's resource view.
@MainActor
final class FeedViewAdapter: ResourceView {
  private let view: any FeedView

  init(_ view: any FeedView) {
    self.view = view
  }

  func display(_ viewModel: FeedViewModel) {
    view.display(viewModel)
  }
}
