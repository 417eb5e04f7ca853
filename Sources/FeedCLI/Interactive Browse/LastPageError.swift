import EssentialFeed
import EssentialFeedAPI
import Synchronization

/// The error a list's last page failed with, for what its view says: the presenter words every failure alike
/// ("Couldn't connect to server"), and a page store that failed is no server's fault.
final class LastPageError: Sendable {
  private let error = Mutex<(any Error)?>(nil)

  /// The failure of the last page, when it was not the server's (a remote error is worded from its answer).
  var localFailure: (any Error)? {
    error.withLock { $0 }.flatMap { $0 is any RemoteError || $0 is CancellationError ? nil : $0 }
  }

  /// `load`, and every page it leads to, recording how each load ended.
  func watching(
    _ load: @escaping @Sendable () async throws -> Paginated<FeedImage>
  ) -> @Sendable () async throws -> Paginated<FeedImage> {
    { [self] in
      do {
        let page = try await load()
        error.withLock { $0 = nil }
        return Paginated(
          items: page.items, startIndex: page.startIndex, loadMore: page.loadMore.map(watching),
          loadPrevious: page.loadPrevious.map(watching))
      } catch {
        self.error.withLock { $0 = error }
        throw error
      }
    }
  }
}
