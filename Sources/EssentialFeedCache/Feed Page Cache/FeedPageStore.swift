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

extension Sequence where Element == LocalFeedImage {
  /// The images without those whose id is in `seen` or came earlier in the sequence; `seen` gains the ids kept.
  func appendable(after seen: inout Set<UUID>) -> [LocalFeedImage] {
    filter { seen.insert($0.id).inserted }
  }
}
