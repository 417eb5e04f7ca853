import EssentialFeed

/// The composition root: the only place that composes the sources, and nothing else: copy it into an app.
///
/// Feed: the remote → saved to the cache → on failure, the cache.
/// Images: the cache → on a miss or failure, the remote (at most six requests at once, concurrent loads of one URL
/// sharing one request) → saved to the cache.
/// The sources come from outside (``AppLoaders`` makes the app's, with the instrumentation its report needs).
enum FeedComposer {
  /// The feed loader: the remote feed, cached on success, and the cache when the remote fails.
  ///
  /// - Parameters:
  ///   - remote: Loads the feed from the server.
  ///   - cache: Saves a feed the remote delivered.
  ///   - local: Loads the cached feed.
  static func feedLoader(remote: any FeedLoader, cache: any FeedCache, local: any FeedLoader) -> any FeedLoader {
    FeedLoaderWithFallbackComposite(
      primary: FeedLoaderCacheDecorator(decoratee: remote, cache: cache),
      fallback: local)
  }

  /// The image data loader: the cache first, then the remote, a few requests at once, whose data is cached.
  ///
  /// - Parameters:
  ///   - local: Loads cached image data.
  ///   - remote: Loads image data from the server.
  ///   - cache: Saves image data the remote delivered.
  static func imageLoader(
    local: any FeedImageDataLoader, remote: any FeedImageDataLoader, cache: any FeedImageDataCache
  ) -> any FeedImageDataLoader {
    FeedImageDataLoaderWithFallbackComposite(
      primary: local,
      fallback: FeedImageDataLoaderCacheDecorator(
        decoratee: CoalescingFeedImageDataLoader(decorating: ConcurrencyLimitedFeedImageDataLoader(decorating: remote)),
        cache: cache))
  }
}
