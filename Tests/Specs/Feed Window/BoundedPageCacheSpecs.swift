import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

/// The page list is bounded like every other cache: an endless server can fill it only up to its most images, and a
/// window that reaches the bound says the list was cut there instead of growing the store for ever.
@Suite("Bounded page list")
struct BoundedPageCacheSpecs {
  @Test("WL-30 appends stop at the page list's most images: the list keeps its bound, and a full list says so")
  func appendsStopAtTheBound() async throws {
    let store = InMemoryFeedStore()
    let sut = LocalFeedPageLoader(store: store, maximumImages: 5)
    let images = (0..<9).map { _ in uniqueImage() }

    #expect(try await sut.append(Array(images[0..<3])) == Array(images[0..<3]))
    #expect(try await sut.append(Array(images[3..<6])) == Array(images[3..<5]), "the bound is reached, not passed")
    await #expect(throws: LocalFeedPageLoader.Error.full(maximumImages: 5)) {
      try await sut.append(Array(images[6..<9]))
    }
    #expect(await store.pageImageCount() == 5)
  }

  @Test("WL-30 a replaced page list keeps at most its bound")
  func replaceKeepsTheBound() async throws {
    let store = InMemoryFeedStore()
    let sut = LocalFeedPageLoader(store: store, maximumImages: 2)
    let images = (0..<3).map { _ in uniqueImage() }

    #expect(try await sut.replace(with: images) == Array(images[0..<2]))
    #expect(await store.pageImageCount() == 2)
    await #expect(throws: LocalFeedPageLoader.Error.full(maximumImages: 2)) { try await sut.append([uniqueImage()]) }
  }

  @Test("WL-30 a window that reaches the page list's bound fails with the bound: the list is cut, and said so")
  func windowSaysTheListWasCut() async throws {
    let store = InMemoryFeedStore()
    let pages = LocalFeedPageLoader(store: store, maximumImages: 2)
    let window = FeedWindow(capacity: 4, pageLimit: 2, pages: pages) { _ in [uniqueImage(), uniqueImage()] }

    _ = try await window.loadNext()
    await #expect(throws: LocalFeedPageLoader.Error.full(maximumImages: 2)) { try await window.loadNext() }
    #expect(await store.pageImageCount() == 2)
  }
}
