extension FeedController {
  /// The item at `index` is about to be shown: when it is the last one, loads the next page.
  ///
  /// Ignored without a load-more hook, while the feed or a page loads, or for any item but the last.
  ///
  /// - Parameter index: The item's index in ``feed``.
  public func itemNearEndWillBecomeVisible(at index: Int) {
    guard let loadMore, index == feed.count - 1, let last = feed.last, !feedLoad.isLoading else { return }
    loadMore.loadPage(after: last) { [weak self] page in self?.append(page) }
  }

  private func append(_ page: [FeedImage]) {
    cells += makeCells(for: page, from: feed.count)
    feed += page
    feedView.display(FeedPresenter.map(feed))
  }
}
