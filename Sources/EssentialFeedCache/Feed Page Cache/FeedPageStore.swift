import EssentialFeed
import Foundation

/// An ordered, persisted list of feed images, appended a page at a time and read with a keyset cursor: the page after
/// an id, or the page before one. A store checks itself with `FeedPageStoreSpec`.
///
/// Ids are unique in the list: appending an image whose id the list holds skips it, so a cursor names one position.
/// Reading a page costs the same at the millionth image as at the first: a store finds the cursor through an index,
/// never by counting from the start. Every operation is atomic, as ``FeedStore``'s are.
public protocol FeedPageStore: Sendable {
  /// The first `limit` images after the image with `id`, in order; from the start when `id` is `nil`.
  ///
  /// - Parameters:
  ///   - id: The cursor, or `nil` for the first page.
  ///   - limit: The most images to read; none when it is 0 or less.
  /// - Returns: Fewer than `limit` at the end of the list; none after the last image or an id the list lacks.
  func retrievePage(after id: UUID?, limit: Int) async throws -> [LocalFeedImage]

  /// The `limit` images just before the image with `id`, in order.
  ///
  /// - Parameters:
  ///   - id: The cursor.
  ///   - limit: The most images to read; none when it is 0 or less.
  /// - Returns: Fewer than `limit` at the start of the list; none before the first image or an id the list lacks.
  func retrievePage(before id: UUID, limit: Int) async throws -> [LocalFeedImage]

  /// The page ``retrievePage(after:limit:)`` reads, as the domain's images: a store that keeps the images in memory
  /// builds them from its own in one copy, where mapping its answer would copy the page twice.
  ///
  /// The default maps ``retrievePage(after:limit:)``'s answer, so a store written without it keeps compiling.
  ///
  /// - Parameters:
  ///   - id: The cursor, or `nil` for the first page.
  ///   - limit: The most images to read; none when it is 0 or less.
  /// - Returns: The images ``retrievePage(after:limit:)`` returns, in order.
  func retrieveFeedPage(after id: UUID?, limit: Int) async throws -> [FeedImage]

  /// The page ``retrievePage(before:limit:)`` reads, as the domain's images, in one copy (the default maps it).
  ///
  /// - Parameters:
  ///   - id: The cursor.
  ///   - limit: The most images to read; none when it is 0 or less.
  /// - Returns: The images ``retrievePage(before:limit:)`` returns, in order.
  func retrieveFeedPage(before id: UUID, limit: Int) async throws -> [FeedImage]

  /// Appends `images` at the end of the list in one atomic step, skipping those whose id the list holds (and all but
  /// the first of those sharing an id within `images`).
  ///
  /// - Parameter images: A page, in order.
  /// - Returns: The images appended, in order.
  func appendPage(_ images: [LocalFeedImage]) async throws -> [LocalFeedImage]

  /// Replaces the whole list with `images` in one atomic step, keeping the first of those sharing an id.
  ///
  /// - Parameter images: The new list, in order.
  /// - Returns: The images kept, in order.
  func replacePages(with images: [LocalFeedImage]) async throws -> [LocalFeedImage]

  /// The number of images in the list.
  func pageImageCount() async throws -> Int

  /// Deletes the whole list; deleting an empty list succeeds.
  func deletePages() async throws
}

extension FeedPageStore {
  /// ``retrievePage(after:limit:)``'s answer, mapped to the domain's images.
  public func retrieveFeedPage(after id: UUID?, limit: Int) async throws -> [FeedImage] {
    try await retrievePage(after: id, limit: limit).map(FeedImage.init)
  }

  /// ``retrievePage(before:limit:)``'s answer, mapped to the domain's images.
  public func retrieveFeedPage(before id: UUID, limit: Int) async throws -> [FeedImage] {
    try await retrievePage(before: id, limit: limit).map(FeedImage.init)
  }
}

extension Sequence where Element == LocalFeedImage {
  /// The images without those whose id is in `seen` or came earlier in the sequence; `seen` gains the ids kept.
  func appendable(after seen: inout Set<UUID>) -> [LocalFeedImage] {
    filter { seen.insert($0.id).inserted }
  }
}
