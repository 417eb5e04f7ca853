import EssentialFeed
import Foundation

/// A page list in memory (``InMemoryFeedStore``'s, and ``FileSystemPageStore``'s as last read): the images in order,
/// and each id's position, so that a cursor is found at once.
struct PageList {
  private(set) var images: [LocalFeedImage] = []
  private var positions: [UUID: Int] = [:]

  init(_ images: [LocalFeedImage] = []) {
    append(appendable(images))
  }

  /// The images of `images` whose id neither the list nor an earlier one of `images` holds.
  func appendable(_ images: [LocalFeedImage]) -> [LocalFeedImage] {
    var seen = Set(images.lazy.map(\.id).filter { positions[$0] != nil })
    return images.appendable(after: &seen)
  }

  /// Appends `images`, which the list must not hold (``appendable(_:)``).
  mutating func append(_ images: [LocalFeedImage]) {
    for image in images {
      positions[image.id] = self.images.count
      self.images.append(image)
    }
  }

  func page(after id: UUID?, limit: Int) -> [LocalFeedImage] {
    Array(images[range(after: id, limit: limit)])
  }

  func page(before id: UUID, limit: Int) -> [LocalFeedImage] {
    Array(images[range(before: id, limit: limit)])
  }

  /// The page after `id`, as the domain's images: built from the list's own, one copy (issue 44).
  func feedPage(after id: UUID?, limit: Int) -> [FeedImage] {
    images[range(after: id, limit: limit)].map(FeedImage.init)
  }

  /// The page before `id`, as the domain's images, in one copy.
  func feedPage(before id: UUID, limit: Int) -> [FeedImage] {
    images[range(before: id, limit: limit)].map(FeedImage.init)
  }

  /// Where the page after `id` lies in ``images``: empty for a limit of 0 or less, or an id the list lacks.
  private func range(after id: UUID?, limit: Int) -> Range<Int> {
    guard limit > 0 else { return 0..<0 }
    guard let id else { return 0..<min(limit, images.count) }
    guard let position = positions[id] else { return 0..<0 }
    let start = position + 1
    return start..<(start + min(limit, images.count - start))
  }

  /// Where the page before `id` lies in ``images``.
  private func range(before id: UUID, limit: Int) -> Range<Int> {
    guard limit > 0, let position = positions[id] else { return 0..<0 }
    return (position - min(limit, position))..<position
  }
}
