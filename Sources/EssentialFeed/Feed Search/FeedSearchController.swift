/// A search screen's behaviour without any UI: each keyword replaces the search before it.
///
/// A newer keyword cancels the search it supersedes, and a superseded search's results are never shown, even when
/// its loader ignores the cancel. Loading more follows the results' own `loadMore`. Views are the feed's: the
/// results as a ``FeedView``, and the loading indicator and error message of any resource.
@MainActor
public final class FeedSearchController {
  private let search: @Sendable (String) async throws -> Paginated<FeedImage>
  private let presenter: LoadResourcePresenter<Paginated<FeedImage>, FeedViewAdapter>
  private var load = ResourceLoad<Paginated<FeedImage>>()
  private var more = ResourceLoad<Paginated<FeedImage>>()

  /// The results shown, in order.
  public private(set) var results: [FeedImage] = []
  private var loadMore: (@Sendable () async throws -> Paginated<FeedImage>)?

  /// Creates a controller; nothing loads until the first keyword.
  ///
  /// - Parameters:
  ///   - search: Searches for a keyword, such as `FeedSearch.search(_:)`.
  ///   - resultsView: Shows the results.
  ///   - loadingView: Shows the loading indicator.
  ///   - errorView: Shows the error message.
  public init(
    search: @escaping @Sendable (String) async throws -> Paginated<FeedImage>, resultsView: any FeedView,
    loadingView: any ResourceLoadingView, errorView: any ResourceErrorView
  ) {
    self.search = search
    let adapter = FeedViewAdapter(resultsView)
    presenter = LoadResourcePresenter(
      resourceView: adapter, loadingView: loadingView, errorView: errorView, mapper: { $0 })
    adapter.willDisplay = { [weak self] page in
      self?.results = page.items
      self?.loadMore = page.loadMore
    }
  }

  /// `true` while a search or its next page loads.
  public var isLoading: Bool { load.isRunning || more.isRunning }

  /// The customer searched for `keyword`: cancels the search before it, and searches.
  public func search(_ keyword: String) {
    load = ResourceLoad()
    more = ResourceLoad()
    loadMore = nil  // the superseded keyword's next page is not this one's
    presenter.didStartLoading()
    load.start({ [search] in try await search(keyword) }, deliver: { [weak self] in self?.didLoad($0) })
  }

  /// The last result is about to show: loads the next page, if there is one and nothing is loading.
  public func lastResultWillBecomeVisible() {
    guard let loadMore, !isLoading else { return }
    presenter.didStartLoading()
    more.start(loadMore, deliver: { [weak self] in self?.didLoad($0) })
  }

  private func didLoad(_ result: Result<Paginated<FeedImage>, any Error>) {
    switch result {
    case .success(let page): presenter.didFinishLoading(with: page)
    case .failure(let error): presenter.didFinishLoading(with: error)
    }
  }
}
