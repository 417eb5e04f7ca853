import EssentialFeed
import Foundation
import Synchronization

/// The page cache a `FeedWindow` reads from and appends to, over any ``FeedPageStore``, bounded to
/// ``maximumImages`` images.
///
/// The list is bounded like every other cache: an endless server fills it only up to the bound, and an append past
/// it fails with ``Error/full(maximumImages:)``, so a window says its list was cut there instead of growing the
/// store for ever (with `feed browse`'s defaults, 10 million rows and about 1.6 GB). The loader counts the list once,
/// then follows its own appends: another instance appending to the same store at once may pass the bound by its
/// pages.
public final class LocalFeedPageLoader: FeedPageCache {
  /// Failures of the page cache itself, beyond its store's.
  public enum Error: Swift.Error, Equatable, LocalizedError {
    /// The list holds its most images: nothing more is appended.
    case full(maximumImages: Int)

    /// The failure in a sentence.
    public var errorDescription: String? {
      switch self {
      case .full(let maximum): "the cached list holds its most images (\(maximum)): the list was cut there"
      }
    }
  }

  /// The most images the list holds by default: a million.
  public static let defaultMaximumImages = 1_000_000

  /// The most images the list holds.
  public let maximumImages: Int
  private let store: any FeedPageStore
  private let count = Mutex<Int?>(nil)

  /// Creates a page cache over `store`.
  ///
  /// - Parameters:
  ///   - store: Where the list is kept: `SQLitePageStore` on disk, ``InMemoryFeedStore`` for tests.
  ///   - maximumImages: The most images the list holds; at least 1.
  public init(store: any FeedPageStore, maximumImages: Int = LocalFeedPageLoader.defaultMaximumImages) {
    self.store = store
    self.maximumImages = max(1, maximumImages)
  }

  /// The first `limit` images after `last`, from the start when `last` is `nil`.
  ///
  /// - Throws: The store's error.
  public func page(after last: FeedImage?, limit: Int) async throws -> [FeedImage] {
    try await store.retrieveFeedPage(after: last?.id, limit: limit)
  }

  /// The `limit` images just before `first`.
  ///
  /// - Throws: The store's error.
  public func page(before first: FeedImage, limit: Int) async throws -> [FeedImage] {
    try await store.retrieveFeedPage(before: first.id, limit: limit)
  }

  /// Appends the images the store does not hold yet, up to ``maximumImages`` in the list.
  ///
  /// - Returns: The images appended.
  /// - Throws: ``Error/full(maximumImages:)`` when the list holds its most images; the store's error; nothing is
  ///   appended then.
  public func append(_ images: [FeedImage]) async throws -> [FeedImage] {
    guard !images.isEmpty else { return [] }
    let held = try await currentCount()
    guard held < maximumImages else { throw Error.full(maximumImages: maximumImages) }
    let appended = try await store.appendPage(images.prefix(maximumImages - held).map(LocalFeedImage.init))
    count.withLock { $0 = ($0 ?? held) + appended.count }
    return appended.map(FeedImage.init)
  }

  /// Replaces the whole list with `images`, at most ``maximumImages`` of them.
  ///
  /// - Returns: The images kept.
  /// - Throws: The store's error; the list is unchanged then.
  public func replace(with images: [FeedImage]) async throws -> [FeedImage] {
    let kept = try await store.replacePages(with: images.prefix(maximumImages).map(LocalFeedImage.init))
    count.withLock { $0 = kept.count }
    return kept.map(FeedImage.init)
  }

  private func currentCount() async throws -> Int {
    if let known = count.withLock({ $0 }) { return known }
    let counted = try await store.pageImageCount()
    count.withLock { $0 = counted }
    return counted
  }

  /// Validate Page Cache: reads the whole page list, a thousand images at a time so that a damaged row anywhere is
  /// found, and deletes it when it cannot be read, or holds more than ``maximumImages``. The list does not expire (the next browse replaces it), so one that
  /// reads is kept.
  ///
  /// - Returns: What it did, for an app to say.
  /// - Throws: The store's deletion error; `CancellationError` when the task is cancelled before validation starts.
  @discardableResult
  public func validatePages() async throws -> CachePartValidation {
    let validation = try await CachePartValidation.run(count: readEveryPage, delete: { try await store.deletePages() })
    guard case .kept(let count) = validation, count > maximumImages else { return validation }
    try await store.deletePages()
    return .deletedOverLimit(count: count, limit: maximumImages)
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
