import Foundation
import TestSupport
import Testing

@testable import EssentialFeed

@MainActor
@Suite("Feed presentation: prefetching")
struct FeedPrefetchSpecs {
  let changes = StateChanges()
  let feedLoader: PendingFeedLoader
  let imageLoader: PendingImageDataLoader
  let view: FeedViewSpy
  let feed = (0..<10).map {
    FeedImage(id: UUID(), description: nil, location: nil, url: anyURL().appending(path: "image-\($0)"))
  }

  init() {
    feedLoader = PendingFeedLoader(changes: changes)
    imageLoader = PendingImageDataLoader(changes: changes)
    view = FeedViewSpy(changes: changes)
  }

  @Test("PF-6 the screen prefetches through the prefetcher: four loads at once, the rest as they finish")
  func boundedPrefetch() async throws {
    let sut = try await makeLoadedSUT()

    sut.prefetcher.slots.observe(changes.changed)
    sut.prefetchItems(at: Array(0..<10))
    try await changes.wait(for: "four loads and six prefetches waiting for a slot") {
      imageLoader.loads.requests.count >= 4 && sut.prefetcher.slots.waitingCount == 6
    }
    #expect(imageLoader.loads.requests.count == 4)

    try await imageLoader.loads.complete(0, with: .success(validImageData()))
    try await imageLoader.loads.waitForRequests(count: 5)
    #expect(Set(imageLoader.loads.requests).count == 5)
  }

  @Test("PF-7 an item whose prefetch waits for a slot loads at once when it becomes visible")
  func visibleBeatsQueue() async throws {
    let sut = try await makeLoadedSUT()
    sut.prefetchItems(at: Array(0..<10))
    try await imageLoader.loads.waitForRequests(count: 4)

    sut.itemWillBecomeVisible(at: 9)

    try await imageLoader.loads.waitForRequests(count: 5)
    #expect(imageLoader.loads.requests.last == feed[9].url)
  }

  @Test("PF-8 cancelling the prefetch of items that moved away ends their loads and frees their slots")
  func cancelPrefetch() async throws {
    let sut = try await makeLoadedSUT()
    sut.prefetchItems(at: Array(0..<6))
    try await imageLoader.loads.waitForRequests(count: 4)

    let running = imageLoader.loads.requests.compactMap { url in feed.firstIndex { $0.url == url } }

    sut.cancelPrefetching(at: Array(running.prefix(2)))

    try await imageLoader.loads.waitForCancellation(of: [0, 1])
    try await imageLoader.loads.waitForRequests(count: 6)
    #expect(Set(imageLoader.loads.requests) == Set(feed[0..<6].map(\.url)))
  }

  private func makeLoadedSUT() async throws -> FeedController<String> {
    let sut = FeedController(
      loader: { [feedLoader] in Paginated(items: try await feedLoader.load()) }, imageLoader: imageLoader,
      imageTransform: .onMainActor(testImageTransformer), views: FeedScreenViews(view))
    sut.viewDidAppear()
    try await feedLoader.loads.complete(0, with: .success(feed))
    try await changes.wait(for: "the feed") { sut.feed == feed }
    return sut
  }
}
