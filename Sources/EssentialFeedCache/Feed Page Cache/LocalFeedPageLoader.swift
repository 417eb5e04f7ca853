import EssentialFeed
import Foundation

/// The page cache a `FeedWindow` reads from and appends to, over any ``FeedPageStore``.
public struct LocalFeedPageLoader: FeedPageCache {
  private let store: any FeedPageStore

  /// Creates a page cache over `store`.
  ///
  /// - Parameter store: Where the list is kept: `SQLiteFeedStore` on disk, ``InMemoryFeedStore`` for tests.
  public init(store: any FeedPageStore) {
    self.store = store
  }

  /// The first `limit` images after `last`, from the start when `last` is `nil`.
  ///
  /// - Throws: The store's error.
  public func page(after last: FeedImage?, limit: Int) async throws -> [FeedImage] {
    try await store.retrievePage(after: last?.id, limit: limit).map(FeedImage.init)
  }

  /// The `limit` images just before `first`.
  ///
  /// - Throws: The store's error.
  public func page(before first: FeedImage, limit: Int) async throws -> [FeedImage] {
    try await store.retrievePage(before: first.id, limit: limit).map(FeedImage.init)
  }

  /// Appends the images the store does not hold yet.
  ///
  /// - Returns: The images appended.
  /// - Throws: The store's error; nothing is appended then.
  public func append(_ images: [FeedImage]) async throws -> [FeedImage] {
    try await store.appendPage(images.map(LocalFeedImage.init)).map(FeedImage.init)
  }

  /// Replaces the whole list with `images`.
  ///
  /// - Returns: The images kept.
  /// - Throws: The store's error; the list is unchanged then.
  public func replace(with images: [FeedImage]) async throws -> [FeedImage] {
    try await store.replacePages(with: images.map(LocalFeedImage.init)).map(FeedImage.init)
  }

  /// Validate Page Cache: reads the whole page list, a thousand images at a time so that a damaged row anywhere is
  /// found, and deletes it when it cannot be read. The list does not expire (the next browse replaces it), so one that
  /// reads is kept.
  ///
  /// - Returns: What it did, for an app to say.
  /// - Throws: The store's deletion error; `CancellationError` when the task is cancelled before validation starts.
  @discardableResult
  public func validatePages() async throws -> CachePartValidation {
    try await CachePartValidation.run(count: readEveryPage, delete: { try await store.deletePages() })
  }

  private func readEveryPage() async throws -> Int {
    var (count, last) = (0, UUID?.none)
    while true {
      let page = try await store.retrievePage(after: last, limit: 1_000)
      guard let end = page.last else { return count }
      (count, last) = (count + page.count, end.id)
    }
  }
}
