import Foundation

/// A list over a feed of any length that holds at most ``capacity`` images: memory stays bounded however far the
/// customer scrolls, and no row already seen is requested from the remote again.
///
/// - ``loadNext()`` reads the next page from the local page cache when it holds it, otherwise from the remote, and
///   appends the remote's page to the page cache; the window then drops images from its head.
/// - ``loadPrevious()`` reads the page before the window from the page cache only, never the remote, and drops
///   images from its tail.
/// - After every operation the window holds at most ``capacity`` images: a hard limit, not a target.
/// - Each operation delivers the window as a `Paginated` whose `startIndex` is the position of its first image in
///   the whole list. Positions never change, so a view that lays rows out by position keeps an anchor row at the
///   same offset on screen while images are dropped at either end.
/// - A failed or cancelled operation leaves the window as it was. Operations run one at a time, in call order.
public actor FeedWindow {
  /// The most images the window holds at once.
  public let capacity: Int
  /// The images each page is read with, the `limit` of every page request; never more than ``capacity``.
  public let pageLimit: Int

  private let pages: any FeedPageCache
  private let remote: FeedPager.LoadPage
  private var items: [FeedImage] = []
  private var startIndex = 0
  private var listEnd: Int?
  nonisolated let queue = AsyncSemaphore(permits: 1)  // one operation at a time, in call order
  /// What the window did so far: pages read from each side, the most images held, rows the remote sent again.
  public private(set) var statistics = Statistics()

  /// Creates an empty window; nothing loads until the first operation.
  ///
  /// - Parameters:
  ///   - capacity: The most images held at once; at least 1.
  ///   - pageLimit: The `limit` each page is read with, from the cache and the remote; 1 to `capacity`.
  ///   - pages: The local list pages are read from and appended to.
  ///   - remote: Loads the page after a given image from the server, such as `RemoteFeedPageLoader.loadPage(after:)`.
  public init(capacity: Int, pageLimit: Int = 30, pages: any FeedPageCache, remote: @escaping FeedPager.LoadPage) {
    self.capacity = max(1, capacity)
    self.pageLimit = min(max(1, pageLimit), max(1, capacity))
    self.pages = pages
    self.remote = remote
  }

  /// The window as it is, and how to move it.
  public var current: Paginated<FeedImage> {
    Paginated(
      items: items, startIndex: startIndex,
      loadMore: hasMore
        ? { @Sendable [self] () async throws -> Paginated<FeedImage> in try await self.loadNext() } : nil,
      loadPrevious: startIndex > 0
        ? { @Sendable [self] () async throws -> Paginated<FeedImage> in try await self.loadPrevious() } : nil)
  }

  private var hasMore: Bool { listEnd.map { startIndex + items.count < $0 } ?? true }

  /// Moves the window one page down the list: the page after its last image, from the page cache when it holds it,
  /// otherwise from the remote (the page is then appended to the page cache). Images are dropped from the head to
  /// stay within ``capacity``. At the end of the list it changes nothing and requests nothing.
  ///
  /// The remote's images that the page cache held already are not shown again; a remote page with nothing new after
  /// the window ends the list, as an empty one does (a page another instance appended meanwhile is read back).
  ///
  /// - Returns: The window after the move.
  /// - Throws: The page cache's or the remote's error, or `CancellationError`; the window is then unchanged.
  public func loadNext() async throws -> Paginated<FeedImage> {
    try await serially {
      guard hasMore else { return current }
      var page = try await pages.page(after: items.last, limit: pageLimit)
      statistics.localPages += page.isEmpty ? 0 : 1
      if page.isEmpty {
        let fetched = try await remote(items.last)
        statistics.remotePages += 1
        page = try await pages.append(fetched)
        statistics.rowsFetchedAgain += fetched.count - page.count
        // Another instance sharing the page cache may have appended it first: the end is what the remote says.
        if page.isEmpty, !fetched.isEmpty { page = try await pages.page(after: items.last, limit: pageLimit) }
        if page.isEmpty { listEnd = startIndex + items.count }
      }
      try Task.checkCancellation()
      items += page.prefix(pageLimit)  // a remote page larger than a page: the rest is read from the page cache
      let overflow = items.count - capacity
      if overflow > 0 {
        items.removeFirst(overflow)
        startIndex += overflow
      }
      return didChange()
    }
  }

  /// Moves the window one page up the list: the page before its first image, read from the page cache only. Images
  /// are dropped from the tail to stay within ``capacity``. At the start of the list it changes nothing.
  ///
  /// - Returns: The window after the move.
  /// - Throws: The page cache's error, ``FeedWindow/Error/earlierImagesMissing`` when the page cache no longer
  ///   holds the images before the window, or `CancellationError`; the window is then unchanged.
  public func loadPrevious() async throws -> Paginated<FeedImage> {
    try await serially {
      guard startIndex > 0, let first = items.first else { return current }
      let page = try await pages.page(before: first, limit: min(pageLimit, startIndex))
      guard !page.isEmpty else { throw Error.earlierImagesMissing }
      try Task.checkCancellation()
      statistics.localPages += 1
      items.insert(contentsOf: page, at: 0)
      startIndex -= page.count
      let overflow = items.count - capacity
      if overflow > 0 { items.removeLast(overflow) }
      return didChange()
    }
  }

  /// Starts the list again from the remote's first page, which replaces the whole page cache (the pages after it
  /// may have changed on the server). When the remote fails, the window shows the page cache's first page instead,
  /// so a list seen before shows offline.
  ///
  /// - Returns: The window on the first page.
  /// - Throws: The remote's error when the page cache holds nothing either; the page cache's error (the window and
  ///   the page cache are then unchanged); or `CancellationError` before the page cache was replaced.
  public func reload() async throws -> Paginated<FeedImage> {
    try await serially {
      let fetched: [FeedImage]
      do {
        fetched = try await remote(nil)
      } catch  where !(error is CancellationError) {
        let cached = try await pages.page(after: nil, limit: pageLimit)
        guard !cached.isEmpty else { throw error }
        try Task.checkCancellation()
        statistics.localPages += 1
        return start(with: cached, listEnd: nil)
      }
      statistics.remotePages += 1
      try Task.checkCancellation()
      let kept = try await pages.replace(with: fetched)
      // The page cache holds the new list now: the window follows it, even if cancelled meanwhile.
      return start(with: kept, listEnd: kept.isEmpty ? 0 : nil)
    }
  }

  /// The window on the first page of a list: at most a page of it (the rest is in the page cache).
  private func start(with page: [FeedImage], listEnd end: Int?) -> Paginated<FeedImage> {
    items = Array(page.prefix(pageLimit))
    startIndex = 0
    listEnd = end
    return didChange()
  }

  private func didChange() -> Paginated<FeedImage> {
    statistics.mostImagesHeld = max(statistics.mostImagesHeld, items.count)
    return current
  }
}
