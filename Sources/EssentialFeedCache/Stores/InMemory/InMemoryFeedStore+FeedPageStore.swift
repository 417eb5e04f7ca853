import Foundation

extension InMemoryFeedStore: FeedPageStore {
  /// The first `limit` images after the image with `id`; the cursor is found through an index by id.
  public func retrievePage(after id: UUID?, limit: Int) -> [LocalFeedImage] {
    guard limit > 0 else { return [] }
    guard let id else { return Array(pageImages.prefix(limit)) }
    guard let position = pagePositions[id] else { return [] }
    return Array(pageImages[(position + 1)...].prefix(limit))
  }

  /// The `limit` images just before the image with `id`.
  public func retrievePage(before id: UUID, limit: Int) -> [LocalFeedImage] {
    guard limit > 0, let position = pagePositions[id] else { return [] }
    return Array(pageImages[..<position].suffix(limit))
  }

  /// Appends the images whose id the list does not hold.
  public func appendPage(_ images: [LocalFeedImage]) -> [LocalFeedImage] {
    var seen = Set(images.map(\.id).filter { pagePositions[$0] != nil })
    let new = images.appendable(after: &seen)
    for image in new {
      pagePositions[image.id] = pageImages.count
      pageImages.append(image)
    }
    return new
  }

  /// Replaces the list with `images`.
  public func replacePages(with images: [LocalFeedImage]) -> [LocalFeedImage] {
    deletePages()
    return appendPage(images)
  }

  /// The number of images in the list.
  public func pageImageCount() -> Int {
    pageImages.count
  }

  /// Deletes the list.
  public func deletePages() {
    pageImages = []
    pagePositions = [:]
  }
}
