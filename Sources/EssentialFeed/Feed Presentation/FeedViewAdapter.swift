/// Shows a loaded feed, or search results, on any ``FeedView``, after telling the controller what it now shows.
@MainActor
final class FeedViewAdapter: ResourceView {
  private let view: any FeedView
  /// Called with each loaded feed before it is shown; the controller replaces its items here.
  var willDisplay: ((Paginated<FeedImage>) -> Void)?

  init(_ view: any FeedView) {
    self.view = view
  }

  func display(_ feed: Paginated<FeedImage>) {
    willDisplay?(feed)
    view.display(FeedPresenter.map(feed.items, startIndex: feed.startIndex))
  }
}
