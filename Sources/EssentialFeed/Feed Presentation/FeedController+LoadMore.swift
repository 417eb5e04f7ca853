extension FeedController {
  /// The item at `index` is about to be shown: when it is the last one, loads the next page.
  ///
  /// Ignored when the list has no more pages, while the feed or a page loads, or for any item but the last.
  ///
  /// - Parameter index: The item's index in ``feed``.
  public func itemNearEndWillBecomeVisible(at index: Int) {
    guard let nextPage, index == feed.count - 1, !feedLoad.isLoading else { return }
    loadMore.loadPage(nextPage) { [weak self] page in self?.append(page) }
  }

  /// A longer list: the items after the ones shown get their cells; what was shown stays as it was.
  private func append(_ page: Paginated<FeedImage>) {
    cells += makeCells(for: page.items.dropFirst(feed.count), from: feed.count)
    feed = page.items
    nextPage = page.loadMore
    feedView.display(FeedPresenter.map(feed))
  }
}
