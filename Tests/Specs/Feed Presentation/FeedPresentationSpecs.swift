import EssentialFeed
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("Feed presentation", .leakChecked)
struct FeedPresentationSpecs {
  /// The localized message, whatever language the machine runs in (LocalizationSpecs checks each language's text).
  let connectionError = LoadResourcePresenter<[FeedImage], NullResourceView>.loadError
  /// Every spy below reports its changes here, so a test waits for any of them without polling.
  let changes = StateChanges()
  let feedLoader: PendingFeedLoader
  let imageLoader: PendingImageDataLoader
  let view: FeedViewSpy

  init() {
    feedLoader = PendingFeedLoader(changes: changes)
    imageLoader = PendingImageDataLoader(changes: changes)
    view = FeedViewSpy(changes: changes)
  }

  // MARK: - UX-1

  @Test("UX-1 loads the feed when the view appears, once, not again on re-appear")
  func loadsOnFirstAppearOnly() async throws {
    let sut = makeSUT()
    #expect(feedLoader.loads.requests.isEmpty)

    sut.viewDidAppear()
    try await changes.wait(for: "feedLoader.loads.requests.count == 1") { feedLoader.loads.requests.count == 1 }
    try await feedLoader.loads.complete(0, with: .success([]))
    try await changes.wait(for: "!sut.isLoading") { !sut.isLoading }
    sut.viewDidAppear()

    #expect(!sut.isLoading)
    #expect(feedLoader.loads.requests.count == 1)
  }

  // MARK: - UX-2

  @Test("UX-2 reloads on refresh; a refresh while loading starts no second load")
  func refresh() async throws {
    let sut = makeSUT()
    sut.viewDidAppear()
    sut.refresh()
    try await feedLoader.loads.complete(0, with: .success([]))
    try await changes.wait(for: "!sut.isLoading") { !sut.isLoading }
    #expect(feedLoader.loads.requests.count == 1)

    sut.refresh()

    try await changes.wait(for: "feedLoader.loads.requests.count == 2") { feedLoader.loads.requests.count == 2 }
  }

  // MARK: - UX-3

  @Test("UX-3 shows the loading indicator while loading, and hides it on success and on failure")
  func loadingIndicator() async throws {
    let sut = makeSUT()
    sut.viewDidAppear()
    #expect(view.loadingStates == [true])

    try await feedLoader.loads.complete(0, with: .success([]))
    try await changes.wait(for: "view.loadingStates == [true, false]") { view.loadingStates == [true, false] }

    sut.refresh()
    #expect(view.loadingStates == [true, false, true])
    try await feedLoader.loads.complete(1, with: .failure(AnyError()))
    try await changes.wait(for: "view.loadingStates == [true, false, true, false]") {
      view.loadingStates == [true, false, true, false]
    }
  }

  // MARK: - UX-4

  @Test("UX-4 renders every loaded item: description, location, and whether to show the location")
  func rendersItems() async throws {
    let feed = [
      uniqueImage(description: "a description", location: "a location"),
      uniqueImage(description: nil, location: "another location"),
      uniqueImage(description: "another description", location: nil),
      uniqueImage(description: nil, location: nil),
    ]
    let sut = makeSUT()
    sut.viewDidAppear()
    try await feedLoader.loads.complete(0, with: .success(feed))
    try await changes.wait(for: "view.feeds.count == 1") { view.feeds.count == 1 }

    let items = try #require(view.feeds.last)
    #expect(items.map(\.description) == feed.map(\.description))
    #expect(items.map(\.location) == feed.map(\.location))
    #expect(items.map(\.hasLocation) == [true, true, false, false])

    sut.refresh()
    try await feedLoader.loads.complete(1, with: .success([]))
    try await changes.wait(for: "view.feeds.count == 2") { view.feeds.count == 2 }
    #expect(view.feeds.last == [])
  }

  @Test("UX-4 a failed reload keeps the items already shown")
  func failedReloadKeepsItems() async throws {
    let feed = [uniqueImage()]
    let sut = makeSUT()
    sut.viewDidAppear()
    try await feedLoader.loads.complete(0, with: .success(feed))
    try await changes.wait(for: "view.feeds.count == 1") { view.feeds.count == 1 }

    sut.refresh()
    try await feedLoader.loads.complete(1, with: .failure(AnyError()))
    try await changes.wait(for: "!sut.isLoading") { !sut.isLoading }

    #expect(view.feeds.count == 1)
    #expect(sut.feed == feed)
  }

  // MARK: - UX-5

  @Test("UX-5 shows a localized error on failure, hides it on the next load, and on dismiss")
  func errorMessage() async throws {
    let sut = makeSUT()
    sut.viewDidAppear()
    #expect(view.errors == [nil])

    try await feedLoader.loads.complete(0, with: .failure(AnyError()))
    try await changes.wait(for: "view.errors.count == 2") { view.errors.count == 2 }
    #expect(view.errors.last == connectionError)

    sut.refresh()
    #expect(view.errors.last == .some(nil))
    try await feedLoader.loads.complete(1, with: .failure(AnyError()))
    try await changes.wait(for: "view.errors.count == 4") { view.errors.count == 4 }
    sut.dismissError()
    #expect(view.errors.suffix(2) == [connectionError, nil])
  }

  // MARK: - UX-6

  @Test("UX-6 loads an item's image when it becomes visible, with a per-item loading indicator")
  func loadsImageWhenVisible() async throws {
    let feed = [uniqueImage(), uniqueImage()]
    let sut = try await makeLoadedSUT(feed)

    sut.itemWillBecomeVisible(at: 1)

    try await changes.wait(for: "imageLoader.loads.requests == [feed[1].url]") {
      imageLoader.loads.requests == [feed[1].url]
    }
    #expect(view.images(at: 1) == [FeedImageCellViewModel(isLoading: true, image: nil, shouldRetry: false)])
    try await imageLoader.loads.complete(0, with: .success(validImageData("second")))
    try await changes.wait(for: "view.images(at: 1).count == 2") { view.images(at: 1).count == 2 }
    #expect(view.images(at: 1).last == FeedImageCellViewModel(isLoading: false, image: "second", shouldRetry: false))
  }

  @Test("UX-6 cancels an item's image load when it leaves the screen; the loader sees the cancel")
  func cancelsWhenHidden() async throws {
    let feed = [uniqueImage()]
    let sut = try await makeLoadedSUT(feed)

    sut.itemWillBecomeVisible(at: 0)
    sut.itemDidBecomeHidden(at: 0)

    try await changes.wait(for: "imageLoader.loads.cancelledRequests == [0]") {
      imageLoader.loads.cancelledRequests == [0]
    }
    sut.itemWillBecomeVisible(at: 0)
    try await changes.wait(for: "imageLoader.loads.requests == [feed[0].url, feed[0].url]") {
      imageLoader.loads.requests == [feed[0].url, feed[0].url]
    }
  }

  @Test(
    "UX-6 offers a retry when the image data is invalid or fails to load; retry loads again",
    arguments: [Result<Data, any Error>.success(invalidImageData), .failure(AnyError())])
  func retry(outcome: Result<Data, any Error>) async throws {
    let feed = [uniqueImage()]
    let sut = try await makeLoadedSUT(feed)

    sut.itemWillBecomeVisible(at: 0)
    try await imageLoader.loads.complete(0, with: outcome)
    try await changes.wait(for: "view.images(at: 0).count == 2") { view.images(at: 0).count == 2 }
    #expect(view.images(at: 0).last == FeedImageCellViewModel(isLoading: false, image: nil, shouldRetry: true))

    sut.retryImage(at: 0)
    try await changes.wait(for: "imageLoader.loads.requests == [feed[0].url, feed[0].url]") {
      imageLoader.loads.requests == [feed[0].url, feed[0].url]
    }
    try await imageLoader.loads.complete(1, with: .success(validImageData("ok")))
    try await changes.wait(for: "view.images(at: 0).last?.image == \"ok\"") { view.images(at: 0).last?.image == "ok" }
  }

  @Test("UX-6 a loaded image shows again without a new request when its item reappears")
  func loadedImageIsReused() async throws {
    let feed = [uniqueImage()]
    let sut = try await makeLoadedSUT(feed)
    sut.itemWillBecomeVisible(at: 0)
    try await imageLoader.loads.complete(0, with: .success(validImageData("kept")))
    try await changes.wait(for: "view.images(at: 0).count == 2") { view.images(at: 0).count == 2 }

    sut.itemDidBecomeHidden(at: 0)
    sut.itemWillBecomeVisible(at: 0)

    #expect(imageLoader.loads.requests.count == 1)
    #expect(view.images(at: 0).last?.image == "kept")
  }

  // MARK: - UX-7

  @Test("UX-7 preloads images of items near the screen, and cancels preloading when they move away")
  func prefetch() async throws {
    let feed = [uniqueImage(), uniqueImage(), uniqueImage()]
    let sut = try await makeLoadedSUT(feed)

    sut.prefetchItems(at: [1, 2])
    try await changes.wait(for: "Set(imageLoader.loads.requests) == [feed[1].url, feed[2].url]") {
      Set(imageLoader.loads.requests) == [feed[1].url, feed[2].url]
    }
    let prefetched = try #require(imageLoader.loads.requests.firstIndex(of: feed[1].url))

    sut.cancelPrefetching(at: [1])
    try await changes.wait(for: "imageLoader.loads.cancelledRequests == [prefetched]") {
      imageLoader.loads.cancelledRequests == [prefetched]
    }
  }

  @Test("UX-7 an item prefetched and then displayed starts no second request")
  func prefetchThenDisplay() async throws {
    let feed = [uniqueImage()]
    let sut = try await makeLoadedSUT(feed)

    sut.prefetchItems(at: [0])
    sut.itemWillBecomeVisible(at: 0)

    try await imageLoader.loads.complete(0, with: .success(validImageData("prefetched")))
    try await changes.wait(for: "view.images(at: 0).last?.image == \"prefetched\"") {
      view.images(at: 0).last?.image == "prefetched"
    }
    sut.itemWillBecomeVisible(at: 0)
    #expect(imageLoader.loads.requests == [feed[0].url])
  }

  // MARK: - UX-8

  @Test("UX-8 loads the next page when the last item is about to show, with its own loading state")
  func loadMore() async throws {
    let firstPage = [uniqueImage(), uniqueImage()]
    let nextPage = [uniqueImage()]
    let pages = PendingLoads<[FeedImage]>(changes: changes)
    let sut = try await makeLoadedSUT(firstPage, loadMore: { last in try await pages.load(last.url) })

    sut.itemNearEndWillBecomeVisible(at: 0)
    #expect(pages.requests.isEmpty)

    sut.itemNearEndWillBecomeVisible(at: 1)
    sut.itemNearEndWillBecomeVisible(at: 1)
    try await changes.wait(for: "pages.requests == [firstPage[1].url]") { pages.requests == [firstPage[1].url] }
    #expect(view.loadMoreStates == [LoadMoreViewModel(isLoading: true, errorMessage: nil)])

    try await pages.complete(0, with: .success(nextPage))
    try await changes.wait(for: "view.loadMoreStates.count == 2") { view.loadMoreStates.count == 2 }
    #expect(view.loadMoreStates.last == LoadMoreViewModel(isLoading: false, errorMessage: nil))
    #expect(sut.feed == firstPage + nextPage)
    #expect(view.feeds.last == FeedPresenter.map(firstPage + nextPage).items)
  }

  @Test("UX-8 a failed next page shows its own error, and the next attempt clears it")
  func loadMoreError() async throws {
    let pages = PendingLoads<[FeedImage]>(changes: changes)
    let sut = try await makeLoadedSUT([uniqueImage()], loadMore: { last in try await pages.load(last.url) })

    sut.itemNearEndWillBecomeVisible(at: 0)
    try await pages.complete(0, with: .failure(AnyError()))
    try await changes.wait(for: "view.loadMoreStates.count == 2") { view.loadMoreStates.count == 2 }
    #expect(view.loadMoreStates.last == LoadMoreViewModel(isLoading: false, errorMessage: connectionError))

    sut.itemNearEndWillBecomeVisible(at: 0)
    #expect(view.loadMoreStates.last == LoadMoreViewModel(isLoading: true, errorMessage: nil))
  }

  @Test("UX-8 without a load-more hook, reaching the end does nothing")
  func noLoadMoreHook() async throws {
    let sut = try await makeLoadedSUT([uniqueImage()])

    sut.itemNearEndWillBecomeVisible(at: 0)

    #expect(view.loadMoreStates.isEmpty)
  }

  // MARK: - UX-9

  @Test("UX-9 a controller released while its loads run is freed at once and cancels every load")
  func releasedWhileLoading() async throws {
    let pages = PendingLoads<[FeedImage]>(changes: changes)
    var sut: FeedController<String>? = try await makeLoadedSUT(
      [uniqueImage()], loadMore: { last in try await pages.load(last.url) })
    sut?.itemWillBecomeVisible(at: 0)
    sut?.itemNearEndWillBecomeVisible(at: 0)
    sut?.refresh()
    try await imageLoader.loads.waitForRequests(count: 1)
    try await pages.waitForRequests(count: 1)
    try await feedLoader.loads.waitForRequests(count: 2)

    let reference = WeakReference(sut)
    sut = nil

    #expect(reference.object == nil, "the controller's tasks keep it alive")
    try await imageLoader.loads.waitForCancellation(of: [0])
    try await pages.waitForCancellation(of: [0])
    try await feedLoader.loads.waitForCancellation(of: [1])
  }

  // MARK: - Helpers

  private func makeSUT(loadMore: (@Sendable (_ after: FeedImage) async throws -> [FeedImage])? = nil) -> FeedController<
    String
  > {
    // The first page from the feed loader and, with `loadMore`, one page after it.
    let loader: @Sendable () async throws -> Paginated<FeedImage> = { [feedLoader] in
      let first = try await feedLoader.load()
      guard let loadMore, let last = first.last else { return Paginated(items: first) }
      return Paginated(items: first) { Paginated(items: first + (try await loadMore(last))) }
    }
    let sut = FeedController(
      loader: loader, imageLoader: imageLoader, imageTransform: .onMainActor(testImageTransformer),
      views: FeedScreenViews(view, loadMore: view))
    trackForMemoryLeaks(sut)
    return sut
  }

  private func makeLoadedSUT(
    _ feed: [FeedImage], loadMore: (@Sendable (_ after: FeedImage) async throws -> [FeedImage])? = nil
  ) async throws -> FeedController<String> {
    let sut = makeSUT(loadMore: loadMore)
    sut.viewDidAppear()
    try await feedLoader.loads.complete(0, with: .success(feed))
    try await changes.wait(for: "sut.feed == feed && !sut.isLoading") { sut.feed == feed && !sut.isLoading }
    return sut
  }
}

/// A view that shows nothing, to name `LoadResourcePresenter`'s static members.
final class NullResourceView: ResourceView {
  func display(_ viewModel: String) {}
}
