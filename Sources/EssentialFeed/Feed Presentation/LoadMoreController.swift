/// Loads the page after the last item, one page at a time, and shows its own loading and error state.
///
/// Owned by ``FeedController``; releasing it cancels the page load in flight.
@MainActor
final class LoadMoreController {
  private let view: (any LoadMoreView)?
  private let load = ResourceLoad<Paginated<FeedImage>>()

  init(view: (any LoadMoreView)?) {
    self.view = view
  }

  /// `true` while a page loads.
  var isLoading: Bool { load.isRunning }

  /// Loads the next page, unless a page is loading.
  ///
  /// - Parameters:
  ///   - next: The list's `loadMore`.
  ///   - deliver: Receives the longer list once loaded; capture its owner weakly.
  func loadPage(
    _ next: @escaping @Sendable () async throws -> Paginated<FeedImage>,
    deliver: @escaping @MainActor (Paginated<FeedImage>) -> Void
  ) {
    guard !load.isRunning else { return }
    view?.display(.loading)
    load.start(next, deliver: { [weak self] in self?.didLoad($0, deliver) })
  }

  private func didLoad(
    _ result: Result<Paginated<FeedImage>, any Error>, _ deliver: (Paginated<FeedImage>) -> Void
  ) {
    switch result {
    case .success(let page):
      deliver(page)
      view?.display(.loaded)
    case .failure:
      view?.display(.failed)
    }
  }

  /// Cancels the page load in flight: the feed it would extend was replaced.
  func cancel() {
    load.cancel()
  }
}
