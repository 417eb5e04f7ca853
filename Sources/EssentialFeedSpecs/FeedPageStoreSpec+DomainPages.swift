import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

extension FeedPageStoreSpec {
  /// FPS-17: the pages `retrieveFeedPage` reads, as the domain's images, are exactly those `retrievePage` reads, either
  /// way: from the start, after and before the first, a middle and the last image and an id the list lacks, with limits
  /// of -1, 0, 1, 4 and `Int.max`. Stops at the first difference.
  static func verifyDomainPages(_ sut: any FeedPageStore, sourceLocation: SourceLocation) async throws {
    let varied = Fixtures.variedFeed()
    let images = varied + numberedImages(6)
    _ = try await sut.appendPage(Array(images.prefix(5)))
    _ = try await sut.appendPage(Array(images.dropFirst(5)))
    let cursors: [(UUID?, String)] =
      [(nil, "the start"), (UUID(), "an unknown id")]
      + [0, 3, images.count - 1].map { (images[$0].id, "image \($0)") }
    for (cursor, name) in cursors {
      for limit in [-1, 0, 1, 4, Int.max] {
        let after = try await sut.retrieveFeedPage(after: cursor, limit: limit).map(LocalFeedImage.init)
        let context = "domain page of \(limit) after \(name), against retrievePage"
        guard expectPage(after, try await sut.retrievePage(after: cursor, limit: limit), context, sourceLocation)
        else { return }
        guard let cursor else { continue }
        let before = try await sut.retrieveFeedPage(before: cursor, limit: limit).map(LocalFeedImage.init)
        let beforeContext = "domain page of \(limit) before \(name), against retrievePage"
        guard
          expectPage(before, try await sut.retrievePage(before: cursor, limit: limit), beforeContext, sourceLocation)
        else { return }
      }
    }
  }
}
