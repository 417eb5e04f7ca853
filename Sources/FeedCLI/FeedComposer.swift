import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking  // URLSession on Linux
#endif

/// The composition root: every client, store, loader and use case of the app, made of library types alone and
/// nothing else, so it can be copied into any app. Without a server (offline) every part reads its cache alone.
///
/// - Feed: every page of the server's (a page answered with 408, 429 or 5xx is asked for three times in all, by the
///   client: `HTTPRetryRule`) → saved to the cache → when that fails, the cache.
/// - Images: the cache (and the images waiting to be saved) → on a miss, the last downloaded, else the server
///   (`imageRequests` at once; loads of one URL share one) → saved to the cache through a queue, within its limits.
/// - Search: the server's pages, each cached as the last search → else that search cached, or a match over the feed.
/// - Likes: stored, then sent one pass at a time (across processes too, given a pass lock); the liked list cached.
/// - Window: a list of bounded size over the page store, filled from the server a page at a time.
/// - Detail: an image's comments, from the server.
struct FeedComposer: Sendable {
  /// What an app wraps around the sources (its logging, its report's recorders), each the identity by default.
  struct Decorators: Sendable {
    /// Around the client of every GET but images': the feed's pages, a search's, the window's, comments, likes.
    var feedClient: @Sendable (any HTTPClient) -> any HTTPClient = { $0 }
    var imageClient: @Sendable (any HTTPClient) -> any HTTPClient = { $0 }
    var remoteFeed: @Sendable (any FeedLoader) -> any FeedLoader = { $0 }
    var cachedFeed: @Sendable (any FeedLoader) -> any FeedLoader = { $0 }
    var feedCache: @Sendable (any FeedCache) -> any FeedCache = { $0 }
    var remoteImages: @Sendable (any FeedImageDataLoader) -> any FeedImageDataLoader = { $0 }
    var cachedImages: @Sendable (any FeedImageDataLoader) -> any FeedImageDataLoader = { $0 }
    var remoteSearch: @Sendable (@escaping FeedSearch.Remote) -> FeedSearch.Remote = { $0 }
  }

  let server: URL?
  let client: any HTTPRequestClient
  let now: @Sendable () -> Date
  let decorators: Decorators
  /// Every store: the feed, the last search, the pending likes, the liked list, the page list and the image cache.
  let storage: FeedStorage
  /// The feed's cache.
  let localFeed: LocalFeedLoader
  /// The search: the server's pages for a keyword, each cached as the last search; else the cache.
  let search: FeedSearch
  /// The liked list: from the server, cached on success (`nil` offline); and the list cached last.
  let likedImages: (server: (any FeedLoader)?, cached: any FeedLoader)
  /// Images, cache first; one for the whole app, so that its bound on requests holds for every screen.
  let imageLoader: any FeedImageDataLoader
  /// The downloaded images waiting for the image cache (`nil` offline): wait for it before the process ends.
  let imageSaves: FeedImageDataSaveQueue?
  /// Images from the server alone, each saved to the cache, within the same bound on requests (`nil` offline): for
  /// an image whose cached bytes proved no picture.
  let remoteImageLoader: (any FeedImageDataLoader)?

  /// Makes the image loader over `storage` (`FeedStorage.sqlite(in:)`, say: each store opens on its first operation).
  init(
    server: URL?, client: any HTTPRequestClient, storage: FeedStorage,
    imageRequests: Int = ConcurrencyLimitedFeedImageDataLoader.defaultMaximumConcurrentLoads,
    now: @escaping @Sendable () -> Date = Date.init, decorators: Decorators = Decorators()
  ) {
    (self.server, self.client, self.storage, self.now, self.decorators) = (server, client, storage, now, decorators)
    localFeed = LocalFeedLoader(store: storage.feed, currentDate: now)
    search = Self.search(server: server, client: decorators.feedClient(client), storage, now, decorators)
    let likedList = LocalFeedLoader(store: storage.likedList, currentDate: now)
    let remoteLiked = server.map { RemoteLikedImagesLoader(baseURL: $0, client: decorators.feedClient(client)) }
    likedImages = (remoteLiked.map { FeedLoaderCacheDecorator(decoratee: $0, cache: likedList) }, likedList)
    let local = LocalFeedImageDataLoader(store: storage.images)
    guard server != nil else {
      (imageLoader, imageSaves, remoteImageLoader) = (decorators.cachedImages(local), nil, nil)
      return
    }
    // Saved in the request's slot through a queue of as many images (memory within about twice `imageRequests` images
    // however slow the cache). Loads of one URL share one; the last 8 MiB downloaded serve a cache that kept nothing.
    let saves = FeedImageDataSaveQueue(decorating: local, capacity: imageRequests)
    let remote = RemoteFeedImageDataLoader(client: decorators.imageClient(client))
    let server = decorators.remoteImages(
      ConcurrencyLimitedFeedImageDataLoader(
        decorating: FeedImageDataLoaderCacheDecorator(decoratee: remote, cache: saves),
        maximumConcurrentLoads: imageRequests))
    (imageSaves, remoteImageLoader) = (saves, server)
    let recent = RecentFeedImageDataLoader(decorating: server)
    imageLoader = CoalescingFeedImageDataLoader(
      decorating: FeedImageDataLoaderWithFallbackComposite(primary: decorators.cachedImages(saves), fallback: recent))
  }

  /// An HTTP client whose every request ends within `timeout` seconds, or once silent for half of it (15 seconds at
  /// least, within `timeout`), with a body of at most `maximumBodySize`.
  static func httpClient(timeout: TimeInterval, maximumBodySize: Int) -> URLSessionHTTPClient {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = min(timeout, max(15, timeout / 2))
    configuration.timeoutIntervalForResource = timeout
    return URLSessionHTTPClient(configuration: configuration, maximumBodySize: maximumBodySize)
  }

  /// The most pages of the feed loaded by default: a bound for a feed that never ends.
  static let defaultMaximumPages = 1_000

  /// The whole feed: every page of the server's, saved to the cache; else the cache. A feed that has not ended after
  /// `maximumPages` pages fails (`FeedPager.Error.listDidNotEnd`): the cache then serves, and nothing is saved.
  func feedLoader(maximumPages: Int = defaultMaximumPages) -> any FeedLoader {
    let cached = decorators.cachedFeed(localFeed)
    guard let server else { return cached }
    let client = RetryingHTTPClient(decorating: decorators.feedClient(client), attempts: 3)  // 408, 429, 5xx: 3 asks
    let pages = RemoteFeedPageLoader(baseURL: server, client: client)
    let remote = AllPagesFeedLoader(maximumPages: maximumPages) { try await pages.loadPage(after: $0) }
    return FeedLoaderWithFallbackComposite(
      primary: FeedLoaderCacheDecorator(
        decoratee: decorators.remoteFeed(remote), cache: decorators.feedCache(localFeed)),
      fallback: cached)
  }

  /// The search over `storage`'s last search and feed, asking `server` through `client` first.
  private static func search(
    server: URL?, client: any HTTPClient, _ storage: FeedStorage, _ now: @escaping @Sendable () -> Date,
    _ decorators: Decorators
  ) -> FeedSearch {
    let cache = LocalFeedSearchLoader(store: storage.search, currentDate: now)
    let remote: FeedSearch.Remote
    if let server {
      remote = decorators.remoteSearch { keyword in
        let pages = RemoteFeedPageLoader(baseURL: server, client: client, keyword: keyword)
        return try await FeedPager(
          loadPage: { try await pages.loadPage(after: $0) }, cache: decorators.feedCache(cache.cache(for: keyword))
        ).load()
      }
    } else {
      remote = { _ in throw RemoteFeedLoader.Error.connectivity }  // offline: the server is not asked
    }
    let feed = LocalFeedLoader(store: storage.feed, currentDate: now)
    return FeedSearch(remote: remote, cached: cache.load(keyword:), cachedFeed: feed.load)
  }

  /// Up to `pages` pages of the search's results for `keyword`, as one feed; a later page that fails ends the list.
  func searchResults(_ keyword: String, pages: Int) -> any FeedLoader {
    AllPagesFeedLoader(maximumPages: max(1, pages), endingAtFailure: true, endingAtBound: true) { [search] in
      try await search.search(keyword)
    }
  }

  /// A window of `capacity` images over the page store (or `pageStore`), filled from the server's pages through
  /// `remote`.
  func window(
    capacity: Int, pageLimit: Int, pageStore: (any FeedPageStore)? = nil,
    remote: (@escaping FeedPager.LoadPage) -> FeedPager.LoadPage = { $0 }
  ) -> FeedWindow {
    let client = decorators.feedClient(client)
    let pages = server.map { RemoteFeedPageLoader(baseURL: $0, client: client, limit: pageLimit) }
    return FeedWindow(
      capacity: capacity, pageLimit: pageLimit, pages: LocalFeedPageLoader(store: pageStore ?? storage.pages),
      remote: remote { last in
        guard let pages else { throw RemoteFeedLoader.Error.connectivity }
        return try await pages.loadPage(after: last)
      })
  }

  /// The comments of the image with `id`; `nil` offline (comments are not cached).
  func comments(of id: UUID) -> (@Sendable () async throws -> [ImageComment])? {
    let client = decorators.feedClient(client)
    return server.map {
      RemoteImageCommentsLoader(url: ImageCommentsEndpoint.get(id).url(baseURL: $0), client: client).load
    }
  }

  /// Sends the pending likes; each pass holds `passLock` (another process's passes wait), unless the caller holds it.
  /// With `retrying`, a failed pass schedules the next after a backoff (a session that lasts, as `browse`); without,
  /// the likes wait for the next command.
  func likeSynchronizer(
    retrying: Bool, passLock: (any LikePassLock)? = nil,
    onEvent: @escaping @Sendable (LikeSynchronizer.Event) -> Void = { _ in }
  ) -> LikeSynchronizer {
    let sender: any LikeActionSender = server.map { RemoteLikeActionSender(baseURL: $0, client: client) } ?? Offline()
    let sleep: @Sendable (TimeInterval) async throws -> Void = { delay in
      guard retrying else { throw CancellationError() }  // no next pass: the command ends
      try await Task.sleep(for: .seconds(delay))
    }
    return LikeSynchronizer(
      store: storage.pendingLikes, sender: sender, sleep: sleep, onEvent: onEvent, passLock: passLock)
  }

  /// The feed screen's controller: `feed`'s pages on `view`, each image's data made an `Image` by `transform`, off
  /// the main actor.
  @MainActor
  func feedScreen<Image: Sendable, View: FeedView & ResourceLoadingView & ResourceErrorView & FeedImageCellView<Image>>(
    _ feed: @escaping @Sendable () async throws -> Paginated<FeedImage>, images: (any FeedImageDataLoader)? = nil,
    transform: @escaping @Sendable (Data) async -> Image?, view: View, loadMoreView: (any LoadMoreView)? = nil
  ) -> FeedController<Image> {
    FeedController(
      loader: feed, imageLoader: images ?? imageLoader, imageTransform: .background(transform),
      views: FeedScreenViews(view, loadMore: loadMoreView))
  }

  /// The detail screen's controller: `image`, larger (made an `Image` by `transform`, off the main actor), and its
  /// comments, on `view`.
  @MainActor
  func detailScreen<Image: Sendable, View>(
    of image: FeedImage, images: (any FeedImageDataLoader)? = nil,
    transform: @escaping @Sendable (Data) async -> Image?, view: View, locale: Locale
  ) -> ImageDetailController<Image>
  where View: ImageDetailView & FeedImageCellView<Image> & ImageCommentsView & ResourceLoadingView & ResourceErrorView {
    ImageDetailController(
      image: image, imageLoader: images ?? imageLoader,
      commentsLoader: comments(of: image.id) ?? { throw RemoteImageCommentsLoader.Error.connectivity },
      imageTransformer: transform, detailView: view, imageView: view, commentsView: view, loadingView: view,
      errorView: view, relativeTo: now, locale: locale)
  }

  /// The likes screen's controller: the liked list with the pending actions on top, on `view`; `send` sends them.
  @MainActor
  func likesScreen(send: @escaping @Sendable () async -> Void, view: any LikesView) -> LikesController {
    let liked = likedImages.server ?? likedImages.cached
    return LikesController(store: storage.pendingLikes, loadLiked: liked.load, send: send, currentDate: now, view: view)
  }

  /// The sender without a server: every action stays pending.
  private struct Offline: LikeActionSender {
    func send(_ action: PendingLikeAction) async throws -> LikeState { throw URLError(.notConnectedToInternet) }
  }
}
