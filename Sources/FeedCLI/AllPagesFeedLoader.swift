import EssentialFeed
import EssentialFeedAPI

/// The whole remote feed, page after page, through the library's ``FeedPager``: a server that ignores the cursor
/// or the limit still shows each image once. A page the server answered with a status worth a retry (5xx, 408, 429)
/// is asked for again, `attemptsPerPage` times in all; no answer at all is not retried (the server is down).
struct AllPagesFeedLoader: FeedLoader {
  let pages: RemoteFeedPageLoader
  /// A bound for a feed that never ends: at 30 images a page, 30,000 images.
  var maximumPages = 1_000
  /// How many times a page is asked for before the load fails (a server failing a fraction of requests).
  var attemptsPerPage = 3
  /// Whether the failure just seen was an answer worth asking again for.
  var isRetryable: @Sendable () -> Bool = { false }

  func load() async throws -> [FeedImage] {
    try await FeedPager(loadPage: { [pages, attemptsPerPage, isRetryable] cursor in
      var attempt = 1
      while true {
        do {
          return try await pages.loadPage(after: cursor)
        } catch  where !(error is CancellationError) && attempt < attemptsPerPage && isRetryable() {
          attempt += 1
        }
      }
    }).loadAll(maximumPages: maximumPages)
  }
}
