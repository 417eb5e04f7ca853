import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import EssentialFeedSQLite
import FeedTerminal
import Foundation

/// Composes the interactive browse from the app's parts: the feed through a ``FeedWindow`` over the page store,
/// images cache first, search, likes and details, each through its presentation controller.
@MainActor
struct BrowseComposer {
  let server: URL
  let client: any HTTPClient
  let directory: URL
  let capacity: Int
  let pageSize: Int
  let language: AppLanguage
  /// The image loads the screen started, and how each ended.
  let images: ImageLoadCounter
  /// Where the feed on screen came from, once the first page answered.
  let origin = OriginRecorder()

  init(server: URL, client: any HTTPClient, directory: URL, capacity: Int, pageSize: Int, language: AppLanguage) {
    (self.server, self.client, self.directory) = (server, client, directory)
    (self.capacity, self.pageSize, self.language) = (capacity, pageSize, language)
    let store = AppStores.images(in: directory, limits: .app, now: Date.init)
    let local = LocalFeedImageDataLoader(store: store)
    images = ImageLoadCounter(
      decoratee: FeedComposer.imageLoader(local: local, remote: RemoteFeedImageDataLoader(client: client), cache: local)
    )
  }

  /// The feed list: a window of `capacity` images over the page store, filled from the server.
  func feedList() -> (list: BrowseList, window: FeedWindow) {
    let remote = RemoteFeedPageLoader(baseURL: server, client: client, pageSize: pageSize)
    let origin = origin
    let window = FeedWindow(
      capacity: capacity, pageSize: pageSize,
      pages: LocalFeedPageLoader(store: AppStores.pages(in: directory))
    ) { last in
      do {
        let page = try await remote.loadPage(after: last)
        if last == nil { origin.recordFeed(from: .server) }
        return page
      } catch {
        // The window then shows the page store's first page, if it has one.
        if last == nil { origin.recordFeed(from: .cache) }
        throw error
      }
    }
    let title = FeedPresenter.title(localization: language.localization)
    return (list(title: title, capacity: capacity) { try await window.reload() }, window)
  }

  /// A list of the server's results for `keyword`, each page cached as the last search.
  func searchList(_ keyword: String) -> BrowseList {
    let store = AppStores(.filesystem, in: directory).main
    let search = FeedSearch(
      remote: FeedApp.remoteSearch(
        server: server, client: client, store: store, now: Date.init, recorder: OriginRecorder()),
      cached: LocalFeedSearchLoader(store: store, currentDate: Date.init).load(keyword:),
      cachedFeed: LocalFeedLoader(store: store, currentDate: Date.init).load)
    return list(title: "Search: \(keyword)") { try await search.search(keyword) }
  }

  private func list(
    title: String, capacity: Int? = nil, loader: @escaping @Sendable () async throws -> Paginated<FeedImage>
  ) -> BrowseList {
    let view = BrowseListView()
    let size = BrowseScreen.thumbnail
    let controller = FeedController<Thumbnail>(
      loader: loader, imageLoader: images,
      imageTransformer: { data in Greymap(decoding: data).map { Thumbnail($0, columns: size.columns, rows: size.rows) }
      },
      feedView: view, loadingView: view, errorView: view, imageView: view, loadMoreView: view)
    return BrowseList(title: title, controller: controller, view: view, capacity: capacity)
  }

  /// The detail screen of `image`: its picture, larger, and its comments from the server.
  func detail(of image: FeedImage) -> BrowseDetail {
    let detail = BrowseDetail(image: image)
    let size = BrowseScreen.detailPicture
    let url = ImageCommentsEndpoint.get(image.id).url(baseURL: server)
    detail.controller = ImageDetailController(
      image: image, imageLoader: images,
      commentsLoader: { [client] in try await RemoteImageCommentsLoader(url: url, client: client).load() },
      imageTransformer: { data in Greymap(decoding: data).map { Thumbnail($0, columns: size.columns, rows: size.rows) }
      },
      detailView: detail, imageView: detail, commentsView: detail, loadingView: detail, errorView: detail,
      locale: language.locale)
    return detail
  }
}
