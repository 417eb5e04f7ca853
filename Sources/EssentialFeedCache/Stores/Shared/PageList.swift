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
    guard limit > 0 else { return [] }
    guard let id else { return Array(images.prefix(limit)) }
    guard let position = positions[id] else { return [] }
    return Array(images[(position + 1)...].prefix(limit))
  }

  func page(before id: UUID, limit: Int) -> [LocalFeedImage] {
    guard limit > 0, let position = positions[id] else { return [] }
    return Array(images[..<position].suffix(limit))
  }
}
