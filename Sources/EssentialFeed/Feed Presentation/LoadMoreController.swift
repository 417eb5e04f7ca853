/// Loads the page after the last item, one page at a time, and shows its own loading and error state.
///
/// Owned by ``FeedController``; releasing it cancels the page load in flight.
@MainActor
final class LoadMoreController {
  private let loadMore: @Sendable (_ after: FeedImage) async throws -> [FeedImage]
  private let view: (any LoadMoreView)?
  private let load = ResourceLoad<[FeedImage]>()

  init(loadMore: @escaping @Sendable (_ after: FeedImage) async throws -> [FeedImage], view: (any LoadMoreView)?) {
    self.loadMore = loadMore
    self.view = view
  }

  /// `true` while a page loads.
  var isLoading: Bool { load.isRunning }

  /// Loads the page after `last`, unless a page is loading.
  ///
  /// - Parameters:
  ///   - last: The last item shown.
  ///   - deliver: Receives the page once loaded; capture its owner weakly.
  func loadPage(after last: FeedImage, deliver: @escaping @MainActor ([FeedImage]) -> Void) {
    guard !load.isRunning else { return }
    view?.display(.loading)
    load.start({ [loadMore] in try await loadMore(last) }, deliver: { [weak self] in self?.didLoad($0, deliver) })
  }

  private func didLoad(_ result: Result<[FeedImage], any Error>, _ deliver: ([FeedImage]) -> Void) {
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
