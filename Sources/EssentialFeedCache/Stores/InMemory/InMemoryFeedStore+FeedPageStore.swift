import EssentialFeed
import Foundation

extension InMemoryFeedStore: FeedPageStore {
  /// The first `limit` images after the image with `id`; the cursor is found through an index by id.
  public func retrievePage(after id: UUID?, limit: Int) -> [LocalFeedImage] {
    pages.page(after: id, limit: limit)
  }

  /// The `limit` images just before the image with `id`.
  public func retrievePage(before id: UUID, limit: Int) -> [LocalFeedImage] {
    pages.page(before: id, limit: limit)
  }

  /// The page after the image with `id`, as the domain's images, built from the list's own in one copy.
  public func retrieveFeedPage(after id: UUID?, limit: Int) -> [FeedImage] {
    pages.feedPage(after: id, limit: limit)
  }

  /// The page before the image with `id`, as the domain's images, in one copy.
  public func retrieveFeedPage(before id: UUID, limit: Int) -> [FeedImage] {
    pages.feedPage(before: id, limit: limit)
  }

  /// Appends the images whose id the list does not hold.
  public func appendPage(_ images: [LocalFeedImage]) -> [LocalFeedImage] {
    let new = pages.appendable(images)
    pages.append(new)
    return new
  }

  /// Replaces the list with `images`.
  public func replacePages(with images: [LocalFeedImage]) -> [LocalFeedImage] {
    pages = PageList(images)
    return pages.images
  }

  /// The number of images in the list.
  public func pageImageCount() -> Int {
    pages.images.count
  }

  /// Deletes the list.
  public func deletePages() {
    pages = PageList()
  }
}
