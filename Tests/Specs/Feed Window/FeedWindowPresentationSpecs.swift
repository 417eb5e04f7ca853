import EssentialFeed
import Foundation
import Synchronization
import TestSupport
import Testing

@MainActor
@Suite("Windowed list on the feed screen", .leakChecked)
struct FeedWindowPresentationSpecs {
  let changes = StateChanges()
  let imageLoader: PendingImageDataLoader
  let view: FeedViewSpy
  let remote = RemoteList(count: 30, pageLimit: 5)

  init() {
    imageLoader = PendingImageDataLoader(changes: changes)
    view = FeedViewSpy(changes: changes)
  }

  @Test("WL-16 the feed screen over a window holds only the window's items; a dropped row's image load is cancelled")
  func boundedByComposition() async throws {
    let sut = try await makeScrolledSUT(to: 5)

    #expect(sut.feed == Array(remote.images[5..<15]))
    #expect(sut.startIndex == 5)
    #expect(view.startIndices.last == 5)
    #expect(view.feeds.last?.count == 10)
    try await imageLoader.loads.waitForCancellation(of: [0])
  }

  @Test("WL-17 the first item near the screen loads the page before it from the page cache, not the remote")
  func loadsPreviousNearStart() async throws {
    let sut = try await makeScrolledSUT(to: 5)
    let requests = remote.requestedAfter.count

    sut.itemNearStartWillBecomeVisible(at: 6)
    sut.itemNearStartWillBecomeVisible(at: 5)
    try await changes.wait(for: "the window back at 0") { sut.startIndex == 0 }

    #expect(sut.feed == Array(remote.images[0..<10]))
    #expect(remote.requestedAfter.count == requests)
  }

  @Test("WL-18 events name items by their position in the whole list; positions outside the window are ignored")
  func positions() async throws {
    let sut = try await makeScrolledSUT(to: 5)

    sut.itemWillBecomeVisible(at: 12)
    sut.itemWillBecomeVisible(at: 2)
    sut.itemWillBecomeVisible(at: 15)
    try await imageLoader.loads.waitForRequests(count: 2)

    #expect(imageLoader.loads.requests.last == remote.images[12].url)
    #expect(view.images(at: 12) == [.loading])
    #expect(view.images(at: 2).isEmpty && view.images(at: 15).isEmpty)
  }

  @Test("WL-24 a row the window keeps keeps its cell: a loaded image shows again without a new request")
  func keepsCells() async throws {
    let sut = makeSUT(FeedWindow(capacity: 10, pageLimit: 5, pages: PageListCache(), remote: remote.load))
    sut.viewDidAppear()
    try await changes.wait(for: "the first page") { sut.feed.count == 5 }
    sut.itemNearEndWillBecomeVisible(at: 4)
    try await changes.wait(for: "the second page") { sut.feed.count == 10 }
    sut.itemWillBecomeVisible(at: 7)
    try await imageLoader.loads.complete(0, with: .success(validImageData("seven")))
    try await changes.wait(for: "image 7 loaded") { view.images(at: 7).last == .loaded("seven") }

    sut.itemNearEndWillBecomeVisible(at: 9)
    try await changes.wait(for: "the window moved") { sut.startIndex == 5 }
    sut.itemWillBecomeVisible(at: 7)

    #expect(view.images(at: 7) == [.loading, .loaded("seven"), .loaded("seven")])
    #expect(imageLoader.loads.requests.count == 1)
  }

  @Test("WL-25 refresh during a page load cancels the page load and reloads the window from the first page")
  func refreshCancelsPageLoad() async throws {
    let pending = PendingLoads<[FeedImage]>(changes: changes)
    let first = Array(remote.images[0..<5])
    let calls = CallCount()
    let window = FeedWindow(capacity: 10, pageLimit: 5, pages: PageListCache()) { last in
      calls.increment() == 1 || last == nil ? first : try await pending.load(nil)
    }
    let sut = makeSUT(window)
    sut.viewDidAppear()
    try await changes.wait(for: "the first page") { sut.feed.count == 5 }
    sut.itemNearEndWillBecomeVisible(at: 4)
    try await pending.waitForRequests(count: 1)

    sut.refresh()

    try await pending.waitForCancellation(of: [0])
    try await changes.wait(for: "the reload") { !sut.isLoading && sut.feed == first }
  }

  private func makeSUT(_ window: FeedWindow) -> FeedController<String> {
    let sut = FeedController(
      loader: { try await window.reload() }, imageLoader: imageLoader,
      imageTransform: .onMainActor(testImageTransformer), views: FeedScreenViews(view, loadMore: view))
    trackForMemoryLeaks(sut)
    return sut
  }

  /// A screen over a window of 10 on a list of 30 in pages of 5, with the image at position 0 loading, scrolled
  /// until the window starts at `start`.
  private func makeScrolledSUT(to start: Int) async throws -> FeedController<String> {
    let window = FeedWindow(capacity: 10, pageLimit: 5, pages: PageListCache(), remote: remote.load)
    let sut = FeedController(
      loader: { try await window.reload() }, imageLoader: imageLoader,
      imageTransform: .onMainActor(testImageTransformer), views: FeedScreenViews(view, loadMore: view))
    sut.viewDidAppear()
    try await changes.wait(for: "the first page") { sut.feed.count == 5 }
    sut.itemWillBecomeVisible(at: 0)
    try await imageLoader.loads.waitForRequests(count: 1)
    while sut.startIndex < start {
      let last = sut.startIndex + sut.feed.count - 1
      sut.itemNearEndWillBecomeVisible(at: last)
      try await changes.wait(for: "the page after \(last)") { sut.startIndex + sut.feed.count - 1 > last }
    }
    return sut
  }
}

/// Counts calls from any task.
final class CallCount: Sendable {
  private let count = Mutex(0)

  /// Counts one call and returns the count so far.
  func increment() -> Int {
    count.withLock {
      $0 += 1
      return $0
    }
  }
}
