import EssentialFeed
import Foundation
import Synchronization
import TestSupport
import Testing

/// The presentation decodes off the main actor (DESIGN.md): an `async` image transformer runs in the image's load
/// task, is cancelled with it, and a cancelled decode's result is never shown.
@MainActor
@Suite("Decoding images off the main actor")
struct BackgroundDecodingSpecs {
  let changes = StateChanges()
  let feedLoader: PendingFeedLoader
  let imageLoader: PendingImageDataLoader
  let view: FeedViewSpy
  let decoder: GatedDecoder

  init() {
    feedLoader = PendingFeedLoader(changes: changes)
    imageLoader = PendingImageDataLoader(changes: changes)
    view = FeedViewSpy(changes: changes)
    decoder = GatedDecoder(changes: changes)
  }

  @Test("UX-10 an async image transformer runs off the main actor, and its image is shown when it returns")
  func decodesOffTheMainActor() async throws {
    let sut = try await makeLoadedSUT([uniqueImage()])

    sut.itemWillBecomeVisible(at: 0)
    try await imageLoader.loads.complete(0, with: .success(validImageData("decoded")))
    try await changes.wait(for: "one decode started") { decoder.calls.count == 1 }
    #expect(decoder.calls[0].onMainThread == false, "the decode ran on the main thread")
    #expect(view.images(at: 0) == [.loading], "something was shown before the decode returned")

    decoder.release(0)

    try await changes.wait(for: "the decoded image shown") { view.images(at: 0).last?.image == "decoded" }
    #expect(decoder.calls[0].cancelled == false)
  }

  @Test("UX-11 an item that leaves the screen cancels its decode, and the decode's result is never shown")
  func cancelledDecodeIsNeverShown() async throws {
    let sut = try await makeLoadedSUT([uniqueImage()])
    sut.itemWillBecomeVisible(at: 0)
    try await imageLoader.loads.complete(0, with: .success(validImageData("stale")))
    try await changes.wait(for: "the first decode started") { decoder.calls.count == 1 }

    sut.itemDidBecomeHidden(at: 0)

    try await changes.wait(for: "the first decode cancelled") { decoder.calls[0].cancelled }
    decoder.release(0)
    // Its image returned before the item shows again: a delivery of it would come before the fresh load's many turns.
    try await changes.wait(for: "the first decode returned") { decoder.calls[0].returned }
    sut.itemWillBecomeVisible(at: 0)
    try await changes.wait(for: "a second load") { imageLoader.loads.requests.count == 2 }
    try await imageLoader.loads.complete(1, with: .success(validImageData("fresh")))
    try await changes.wait(for: "the second decode started") { decoder.calls.count == 2 }
    decoder.release(1)
    try await changes.wait(for: "the fresh image shown") { view.images(at: 0).last?.image == "fresh" }
    #expect(!view.images(at: 0).contains { $0.image == "stale" }, "the cancelled decode's image was shown")
  }

  @Test("UX-10 the detail screen decodes its picture off the main actor too")
  func detailDecodesOffTheMainActor() async throws {
    let image = uniqueImage()
    let detailView = DetailViewSpy(changes: changes)
    let sut = ImageDetailController<String>(
      image: image, imageLoader: imageLoader, commentsLoader: { [] }, imageTransformer: decoder.decode,
      detailView: detailView, imageView: detailView, commentsView: detailView, loadingView: detailView,
      errorView: detailView)

    sut.viewDidAppear()
    try await imageLoader.loads.complete(0, with: .success(validImageData("picture")))
    try await changes.wait(for: "the decode started") { decoder.calls.count == 1 }
    #expect(decoder.calls[0].onMainThread == false, "the decode ran on the main thread")
    decoder.release(0)
    try await changes.wait(for: "the picture shown") { detailView.images.last?.image == "picture" }
  }

  private func makeLoadedSUT(_ feed: [FeedImage]) async throws -> FeedController<String> {
    let sut = FeedController<String>(
      loader: { [feedLoader] in Paginated(items: try await feedLoader.load()) }, imageLoader: imageLoader,
      imageTransform: .background(decoder.decode), views: FeedScreenViews(view))
    sut.viewDidAppear()
    try await feedLoader.loads.complete(0, with: .success(feed))
    try await changes.wait(for: "the feed shown") { sut.feed == feed && !sut.isLoading }
    return sut
  }
}

/// An `async` transformer (`testImageTransformer`'s decoding) whose decodes each wait until the test releases them,
/// recording whether each ran on the main thread and whether its task was cancelled.
final class GatedDecoder: Sendable {
  struct Call {
    var onMainThread: Bool
    var cancelled = false
    var released = false
    var returned = false
    var waiting: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex<[Call]>([])
  private let changes: StateChanges

  init(changes: StateChanges) {
    self.changes = changes
  }

  var calls: [Call] { state.withLock { $0 } }

  @Sendable func decode(_ data: Data) async -> String? {
    let index = state.withLock { calls in
      calls.append(Call(onMainThread: Thread.isMainThread))
      return calls.count - 1
    }
    changes.changed()
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let releasedAlready = state.withLock { calls in
          if !calls[index].released { calls[index].waiting = continuation }
          return calls[index].released
        }
        if releasedAlready { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0[index].cancelled = true }
      changes.changed()
    }
    defer {
      state.withLock { $0[index].returned = true }
      changes.changed()
    }
    return testImageTransformer(data)
  }

  /// Lets decode `index` return.
  func release(_ index: Int) {
    let waiting = state.withLock { calls in
      calls[index].released = true
      defer { calls[index].waiting = nil }
      return calls[index].waiting
    }
    waiting?.resume()
  }
}

extension FeedImageCellViewModel<String> {
  static var loading: Self { FeedImageCellViewModel(isLoading: true, image: nil, shouldRetry: false) }
}
