import EssentialFeed
import EssentialFeedCache
import Foundation

extension SQLiteFeedStore {
  /// See ``SQLiteImageDataStore/insert(_:for:)``.
  public func insert(_ data: Data, for url: URL) throws(SQLiteError) {
    try images.onSharedExecutor { store throws(SQLiteError) in try store.insert(data, for: url) }
  }

  /// See ``SQLiteImageDataStore/retrieve(dataForURL:)``.
  public func retrieve(dataForURL url: URL) throws(SQLiteError) -> Data? {
    try images.onSharedExecutor { store throws(SQLiteError) in try store.retrieve(dataForURL: url) }
  }

  /// See ``SQLiteImageDataStore/flush()``.
  public func flush() throws(SQLiteError) {
    try images.onSharedExecutor { store throws(SQLiteError) in try store.flush() }
  }

  /// See ``SQLiteImageDataStore/storedImageDataSize()``.
  public func storedImageDataSize() throws(SQLiteError) -> Int {
    try images.onSharedExecutor { store throws(SQLiteError) in try store.storedImageDataSize() }
  }

  /// See ``SQLiteImageDataStore/deleteAllImageData()``.
  public func deleteAllImageData() throws(SQLiteError) {
    try images.onSharedExecutor { store throws(SQLiteError) in try store.deleteAllImageData() }
  }
}

extension SQLiteFeedStore: FeedSearchStore {
  /// See ``SQLiteSearchStore/retrieveSearch()``.
  public func retrieveSearch() throws(SQLiteError) -> CachedSearch? {
    try search.onSharedExecutor { store throws(SQLiteError) in try store.retrieveSearch() }
  }

  /// See ``SQLiteSearchStore/replaceSearch(with:for:timestamp:)``.
  public func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) throws(SQLiteError) {
    try search.onSharedExecutor { store throws(SQLiteError) in
      try store.replaceSearch(with: results, for: keyword, timestamp: timestamp)
    }
  }

  /// See ``SQLiteSearchStore/appendToSearch(_:for:)``.
  public func appendToSearch(_ results: [LocalFeedImage], for keyword: String) throws(SQLiteError) {
    try search.onSharedExecutor { store throws(SQLiteError) in try store.appendToSearch(results, for: keyword) }
  }

  /// See ``SQLiteSearchStore/deleteSearch()``.
  public func deleteSearch() throws(SQLiteError) {
    try search.onSharedExecutor { store throws(SQLiteError) in try store.deleteSearch() }
  }
}

extension SQLiteFeedStore: FeedPageStore {
  /// See ``SQLitePageStore/retrievePage(after:limit:)``.
  public func retrievePage(after id: UUID?, limit: Int) throws(SQLiteError) -> [LocalFeedImage] {
    try pages.onSharedExecutor { store throws(SQLiteError) in try store.retrievePage(after: id, limit: limit) }
  }

  /// See ``SQLitePageStore/retrievePage(before:limit:)``.
  public func retrievePage(before id: UUID, limit: Int) throws(SQLiteError) -> [LocalFeedImage] {
    try pages.onSharedExecutor { store throws(SQLiteError) in try store.retrievePage(before: id, limit: limit) }
  }

  /// See ``SQLitePageStore/appendPage(_:)``.
  public func appendPage(_ images: [LocalFeedImage]) throws(SQLiteError) -> [LocalFeedImage] {
    try pages.onSharedExecutor { store throws(SQLiteError) in try store.appendPage(images) }
  }

  /// See ``SQLitePageStore/replacePages(with:)``.
  public func replacePages(with images: [LocalFeedImage]) throws(SQLiteError) -> [LocalFeedImage] {
    try pages.onSharedExecutor { store throws(SQLiteError) in try store.replacePages(with: images) }
  }

  /// See ``SQLitePageStore/pageImageCount()``.
  public func pageImageCount() throws(SQLiteError) -> Int {
    try pages.onSharedExecutor { store throws(SQLiteError) in try store.pageImageCount() }
  }

  /// See ``SQLitePageStore/deletePages()``.
  public func deletePages() throws(SQLiteError) {
    try pages.onSharedExecutor { store throws(SQLiteError) in try store.deletePages() }
  }
}

extension SQLiteFeedStore: PendingLikeActionStore, RecoverablePendingLikeActionStore {
  /// See ``SQLitePendingLikeStore/enqueue(_:)``.
  public func enqueue(_ action: PendingLikeAction) throws(SQLiteError) {
    try likes.onSharedExecutor { store throws(SQLiteError) in try store.enqueue(action) }
  }

  /// See ``SQLitePendingLikeStore/pendingActions()``.
  public func pendingActions() throws(SQLiteError) -> [PendingLikeAction] {
    try likes.onSharedExecutor { store throws(SQLiteError) in try store.pendingActions() }
  }

  /// See ``SQLitePendingLikeStore/removeIfPending(_:)-(PendingLikeAction)``.
  @discardableResult
  public func removeIfPending(_ action: PendingLikeAction) throws(SQLiteError) -> Bool {
    try likes.onSharedExecutor { store throws(SQLiteError) in try store.removeIfPending(action) }
  }

  /// See ``SQLitePendingLikeStore/removeIfPending(_:)-([PendingLikeAction])``.
  @discardableResult
  public func removeIfPending(_ actions: [PendingLikeAction]) throws(SQLiteError) -> [PendingLikeAction] {
    try likes.onSharedExecutor { store throws(SQLiteError) in try store.removeIfPending(actions) }
  }

  /// See ``SQLitePendingLikeStore/recoverPendingActions()``.
  public func recoverPendingActions() throws(SQLiteError) -> PendingLikeRecovery {
    try likes.onSharedExecutor { store throws(SQLiteError) in try store.recoverPendingActions() }
  }
}
