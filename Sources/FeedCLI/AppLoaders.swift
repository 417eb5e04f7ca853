import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation

/// The app's loaders: its sources (every page of the server's feed, the store), each wrapped in a recorder for the
/// run's report, composed by ``FeedComposer``. Offline, the cache alone.
struct AppLoaders {
  let feedLoader: any FeedLoader
  let imageLoader: any FeedImageDataLoader
  /// Where each result came from, and why the server or a save failed.
  let recorder: OriginRecorder
  /// The image cache, to save its order of use when the run ends (``flush()``).
  let images: any FeedImageDataStore

  /// Loaders whose feed is `feedLoader` (a search, say), with the images and recorder of `loaders`.
  init(feedLoader: any FeedLoader, replacingIn loaders: AppLoaders) {
    self.feedLoader = feedLoader
    imageLoader = loaders.imageLoader
    recorder = loaders.recorder
    images = loaders.images
  }

  /// Why the image cache cannot be read, if it cannot: reading its size opens it, as any load would.
  func imageCacheProblem() async -> String? {
    do {
      _ = try await (images as? any LimitedFeedImageDataStore)?.storedImageDataSize()
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Saves the image cache's order of use, as the run ends: a limited cache would otherwise save the reads of this
  /// run only with its next write, or when released. Nothing is lost when it fails; the order is then less exact.
  func flush() async {
    try? await (images as? any LimitedFeedImageDataStore)?.flush()
  }

  init(
    baseURL: URL?, client: any HTTPClient, store: some FeedStore, images: any FeedImageDataStore,
    now: @escaping @Sendable () -> Date
  ) {
    let recorder = OriginRecorder()
    self.recorder = recorder
    self.images = images
    let localFeed = LocalFeedLoader(store: store, currentDate: now)
    let localImages = LocalFeedImageDataLoader(store: images)
    let cachedFeed = RecordingFeedLoader(decoratee: localFeed, origin: .cache, recorder: recorder)
    let cachedImages = RecordingImageDataLoader(decoratee: localImages, origin: .cache, recorder: recorder)
    guard let baseURL else {
      feedLoader = cachedFeed
      imageLoader = cachedImages
      return
    }
    feedLoader = FeedComposer.feedLoader(
      remote: RecordingFeedLoader(
        decoratee: AllPagesFeedLoader(
          pages: RemoteFeedPageLoader(
            baseURL: baseURL, client: AnswerRecorder(decoratee: client) { recorder.recordFeedAnswerFailure($1) }),
          isRetryable: { recorder.feedAnswerFailure?.isWorthARetry == true }),
        origin: .server, recorder: recorder),
      cache: RecordingFeedCache(decoratee: localFeed, recorder: recorder),
      local: cachedFeed)
    imageLoader = FeedComposer.imageLoader(
      local: cachedImages,
      remote: RecordingImageDataLoader(
        decoratee: RemoteFeedImageDataLoader(
          client: AnswerRecorder(decoratee: client) { recorder.recordImageFailure($0, $1) }),
        origin: .server, recorder: recorder),
      cache: localImages)
  }
}
