import EssentialFeed
import EssentialFeedAPI

/// The whole remote feed, page after page, through the library's ``FeedPager``: a server that ignores the cursor
/// or the limit still shows each image once.
struct AllPagesFeedLoader: FeedLoader {
  let pages: RemoteFeedPageLoader
  /// A bound for a feed that never ends: at 30 images a page, 30,000 images.
  var maximumPages = 1_000

  func load() async throws -> [FeedImage] {
    try await FeedPager(loadPage: { [pages] in try await pages.loadPage(after: $0) }).loadAll(
      maximumPages: maximumPages)
  }
}
