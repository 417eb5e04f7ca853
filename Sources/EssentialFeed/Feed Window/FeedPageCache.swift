import Foundation

/// The local, persisted list a ``FeedWindow`` reads its pages from and appends the remote's pages to: the domain's
/// view of a page store (`LocalFeedPageLoader` over a `FeedPageStore` in EssentialFeedCache).
///
/// It is an ordered list of images with unique ids, read with a keyset cursor: reading a page costs the same at the
/// millionth image as at the first.
public protocol FeedPageCache: Sendable {
  /// The first `limit` images after `last`, in order; from the start when `last` is `nil`.
  ///
  /// - Parameters:
  ///   - last: The cursor: the last image already read, or `nil` for the first page.
  ///   - limit: The most images to read.
  /// - Returns: Fewer than `limit` images at the end of the list; none after the last image or an unknown id.
  func page(after last: FeedImage?, limit: Int) async throws -> [FeedImage]

  /// The `limit` images just before `first`, in order.
  ///
  /// - Parameters:
  ///   - first: The cursor: the first image already read.
  ///   - limit: The most images to read.
  /// - Returns: Fewer than `limit` images at the start of the list; none before the first image or an unknown id.
  func page(before first: FeedImage, limit: Int) async throws -> [FeedImage]

  /// Appends `images` to the end of the list, skipping those whose id the list holds already.
  ///
  /// - Parameter images: A page, in order.
  /// - Returns: The images appended, in order: `images` without the ones the list held.
  func append(_ images: [FeedImage]) async throws -> [FeedImage]

  /// Replaces the whole list with `images` in one step, keeping the first of any images sharing an id.
  ///
  /// - Parameter images: The new list's first page, in order.
  /// - Returns: The images kept, in order.
  func replace(with images: [FeedImage]) async throws -> [FeedImage]
}
