import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The composition root: the only place that knows the API, the cache and the domain together.
///
/// Feed: remote (every page) → saved to the cache → on failure, the cache.
/// Images: the cache → on a miss or failure, the server → saved to the cache.
/// Offline: the cache alone for both.
struct FeedComposer {
  let feedLoader: any FeedLoader
  let imageLoader: any FeedImageDataLoader
  let recorder = OriginRecorder()

  init(
    baseURL: URL?, client: any HTTPClient, store: some FeedStore & FeedImageDataStore,
    now: @escaping @Sendable () -> Date
  ) {
    let localFeed = LocalFeedLoader(store: store, currentDate: now)
    let feedCache = RecordingFeedCache(decoratee: localFeed, recorder: recorder)
    let localImages = LocalFeedImageDataLoader(store: store)
    let cachedFeed = RecordingFeedLoader(decoratee: localFeed, origin: .cache, recorder: recorder)
    let cachedImages = RecordingImageDataLoader(decoratee: localImages, origin: .cache, recorder: recorder)

    guard let baseURL else {
      feedLoader = cachedFeed
      imageLoader = cachedImages
      return
    }
    let remoteFeed = RecordingFeedLoader(
      decoratee: PagedRemoteFeedLoader(baseURL: baseURL, client: client), origin: .server, recorder: recorder)
    let remoteImages = RecordingImageDataLoader(
      decoratee: RemoteFeedImageDataLoader(client: client), origin: .server, recorder: recorder)

    feedLoader = FeedLoaderWithFallbackComposite(
      primary: FeedLoaderCacheDecorator(decoratee: remoteFeed, cache: feedCache),
      fallback: cachedFeed)
    imageLoader = FeedImageDataLoaderWithFallbackComposite(
      primary: cachedImages,
      fallback: FeedImageDataLoaderCacheDecorator(decoratee: remoteImages, cache: localImages))
  }
}
