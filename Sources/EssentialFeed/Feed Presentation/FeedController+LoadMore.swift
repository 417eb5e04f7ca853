import Foundation

extension FeedController {
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
