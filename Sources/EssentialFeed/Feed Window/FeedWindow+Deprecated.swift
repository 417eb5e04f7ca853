// The names a page's size had before the package said `limit` for it everywhere (stores, caches, endpoints and the
// loaders that call them): kept, deprecated, for this release.

extension FeedWindow {
  /// The images read per page.
  @available(*, deprecated, renamed: "pageLimit")
  public nonisolated var pageSize: Int { pageLimit }

  /// Creates an empty window.
  @available(*, deprecated, renamed: "init(capacity:pageLimit:pages:remote:)")
  public init(capacity: Int, pageSize: Int, pages: any FeedPageCache, remote: @escaping FeedPager.LoadPage) {
    self.init(capacity: capacity, pageLimit: pageSize, pages: pages, remote: remote)
  }
}
