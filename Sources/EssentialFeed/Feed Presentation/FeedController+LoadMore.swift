extension FeedController {
  /// The item at `index` is about to be shown: when it is the last one, loads the next page.
  ///
  /// Ignored when the list has no more pages, while the feed or a page loads, or for any item but the last.
  ///
  /// - Parameter index: The item's position in the list (its index in ``feed`` unless the list is windowed).
  public func itemNearEndWillBecomeVisible(at index: Int) {
    guard let nextPage, index == startIndex + feed.count - 1, !isLoadingPage else { return }
    loadMore.loadPage(nextPage) { [weak self] page in self?.didLoadPage(page) }
  }

  /// The item at `index` is about to be shown: when it is the first one of a windowed list that dropped earlier
  /// items, loads the page before it (a ``FeedWindow`` reads it from its page cache, never the remote).
  ///
  /// Ignored at the start of the list, while the feed or a page loads, or for any item but the first.
  ///
  /// - Parameter index: The item's position in the list.
  public func itemNearStartWillBecomeVisible(at index: Int) {
    guard let previousPage, index == startIndex, !isLoadingPage else { return }
    loadPrevious.loadPage(previousPage) { [weak self] page in self?.didLoadPage(page) }
  }

  /// Whether the feed, the next page or the previous one is loading: a list moving to one of its ends keeps going
  /// while it is, and need not load the images of the rows it passes.
  public var isLoadingPage: Bool { feedLoad.isLoading || loadMore.isLoading || loadPrevious.isLoading }

  /// The list moved or grew: shows it, keeping the cells of the items still shown.
  private func didLoadPage(_ page: Paginated<FeedImage>) {
    show(page)
    feedView.display(FeedPresenter.map(feed, startIndex: startIndex))
  }
}
