import Foundation

/// A paged list as one ``FeedLoader``: every page, up to a bound, delivered at once. One way to load many pages,
/// for a feed shown whole (a report, a widget) and a search's results alike.
public struct AllPagesFeedLoader: FeedLoader {
  private let loadAll: @Sendable () async throws -> [FeedImage]

  /// Every page `loadPage` delivers, through ``FeedPager/loadAll(maximumPages:)``: deduped by id, ended by a page
  /// with nothing new, so a server that ignores the cursor still shows each image once.
  ///
  /// - Parameters:
  ///   - maximumPages: A bound for lists that never end: a list still going after it fails the load
  ///     (``FeedPager/Error/listDidNotEnd(pages:images:)``), so a caching decorator never saves it as the list.
  ///   - loadPage: Loads one page, such as `RemoteFeedPageLoader.loadPage(after:)`; wrap it in
  ///     ``FeedPager/retrying(attempts:when:_:)`` to ask again for a page that failed.
  public init(maximumPages: Int = 1_000, loadPage: @escaping FeedPager.LoadPage) {
    let pager = FeedPager(loadPage: loadPage)
    loadAll = { try await pager.loadAll(maximumPages: maximumPages) }
  }

  /// Every page from the first one `firstPage` loads, through
  /// ``Paginated/loadingAll(maximumPages:endingAtFailure:endingAtBound:)``.
  ///
  /// - Parameters:
  ///   - maximumPages: A bound for lists that never end: a list still going after it fails the load
  ///     (``FeedPager/Error/listDidNotEnd(pages:images:)``), unless `endingAtBound`.
  ///   - endingAtFailure: Whether a later page that fails ends the list with the pages loaded (a search that already
  ///     has results shows them), instead of failing the load.
  ///   - endingAtBound: Whether the list ends at the bound with the pages loaded: the first pages, on request.
  ///   - firstPage: Loads the first page, such as `FeedSearch.search(_:)` for a keyword.
  public init(
    maximumPages: Int = 1_000, endingAtFailure: Bool = false, endingAtBound: Bool = false,
    firstPage: @escaping @Sendable () async throws -> Paginated<FeedImage>
  ) {
    loadAll = {
      try await firstPage().loadingAll(
        maximumPages: maximumPages, endingAtFailure: endingAtFailure, endingAtBound: endingAtBound)
    }
  }

  /// Loads every page.
  ///
  /// - Throws: The first page's error, a later page's (unless the list ends at failures), or `CancellationError`.
  public func load() async throws -> [FeedImage] {
    try await loadAll()
  }
}

extension FeedPager {
  /// `loadPage`, asking again for a page that failed with an error `isWorthARetry` accepts (a server failing a
  /// fraction of its requests: 5xx, 408, 429), `attempts` times in all. `CancellationError` is never retried.
  ///
  /// - Parameters:
  ///   - attempts: How many times a page is asked for, in all, before its last error is thrown.
  ///   - isWorthARetry: Whether a failure may go away when asked again.
  ///   - loadPage: Loads one page.
  public static func retrying(
    attempts: Int, when isWorthARetry: @escaping @Sendable (any Swift.Error) -> Bool, _ loadPage: @escaping LoadPage
  ) -> LoadPage {
    { cursor in
      var attempt = 1
      while true {
        do {
          return try await loadPage(cursor)
        } catch  where !(error is CancellationError) && attempt < attempts && isWorthARetry(error) {
          attempt += 1
        }
      }
    }
  }
}
