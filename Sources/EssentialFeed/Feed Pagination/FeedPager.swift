import Foundation

/// Pages through a feed with a keyset cursor (the last image delivered), trusting nothing the server does with it.
///
/// Each page is requested after the last image delivered so far. Images already delivered are dropped (dedupe by
/// id), and a page that brings nothing new ends the list, as an empty page does: a server that ignores the cursor
/// or the limit can never make the list loop or show an image twice. With a cache, every page is saved with the
/// pages before it, so the cursor is persisted with the data it points into; ``resume(from:)`` continues after a
/// cached list. A failed save never fails the load; a failed page leaves the pages already delivered as they were.
public struct FeedPager: Sendable {
  /// Loads the page after `after`, or the first page when it is `nil`.
  public typealias LoadPage = @Sendable (_ after: FeedImage?) async throws -> [FeedImage]

  private let loadPage: LoadPage
  private let cache: (any FeedCache)?

  /// Creates a pager.
  ///
  /// - Parameters:
  ///   - loadPage: Loads one page, such as `RemoteFeedPageLoader.loadPage(after:)`.
  ///   - cache: Where each page is saved with the pages before it, or `nil` to save nothing.
  public init(loadPage: @escaping LoadPage, cache: (any FeedCache)? = nil) {
    self.loadPage = loadPage
    self.cache = cache
  }

  /// Loads the first page; with a cache, it replaces what the cache held.
  ///
  /// - Returns: The first page, and how to load the next one.
  /// - Throws: The page's error, or `CancellationError`.
  public func load() async throws -> Paginated<FeedImage> {
    try await page(after: [], seen: [])
  }

  /// A cached list shown as it is, loading more after its last image.
  ///
  /// - Parameter cached: The pages loaded before, in order.
  /// - Returns: The cached list; its `loadMore` requests the page after the last cached image.
  public func resume(from cached: [FeedImage]) -> Paginated<FeedImage> {
    let seen = Set(cached.map(\.id))
    return Paginated(items: cached) { try await page(after: cached, seen: seen) }
  }

  /// Loads every page, up to `maximumPages`, and delivers all the images: the same rules as paging one page at a
  /// time (dedupe by id, an empty page or one with nothing new ends the list, each page saved with the pages before
  /// it), with the list built in place rather than one whole list per page.
  ///
  /// A list that has not ended after `maximumPages` pages is cut, and a cut list is never delivered as the whole
  /// list: the page after the bound is asked for, and when it brings anything new, the load fails.
  ///
  /// - Parameter maximumPages: A bound for lists that never end.
  /// - Returns: Every image delivered, in order.
  /// - Throws: ``Error/listDidNotEnd(pages:images:)`` for a list longer than the bound; a page's error, or
  ///   `CancellationError`; nothing is delivered then.
  public func loadAll(maximumPages: Int = 1_000) async throws -> [FeedImage] {
    var items: [FeedImage] = []
    var seen: Set<UUID> = []
    let walk = PageWalk<[FeedImage]>(
      next: { try await loadPage(items.last).filter { seen.insert($0.id).inserted } },
      bringsNew: { !$0.isEmpty },
      take: { [cache] new in
        let first = items.isEmpty
        items += new
        if let cache, first || !new.isEmpty { try? await cache.save(items) }
      },
      count: { items.count })
    try await walk.run(maximumPages: maximumPages)
    return items
  }

  private func page(after delivered: [FeedImage], seen: Set<UUID>) async throws -> Paginated<FeedImage> {
    var seen = seen
    let new = try await loadThenSave(
      {
        try await loadPage(delivered.last).filter { seen.insert($0.id).inserted }
      },
      { new in
        guard let cache, delivered.isEmpty || !new.isEmpty else { return }
        try await cache.save(delivered + new)
      })
    let items = delivered + new
    guard !new.isEmpty else { return Paginated(items: items) }
    return Paginated(items: items) { [seen] in try await page(after: items, seen: seen) }
  }
}
