import EssentialFeed
import EssentialFeedAPI
import FeedTerminal
import Foundation

/// Composes the interactive browse from the app's parts: the feed through a ``FeedWindow`` over the page store,
/// images cache first, search, likes and details, each through its presentation controller.
@MainActor
struct BrowseComposer {
  let environment: AppEnvironment
  let capacity: Int
  let pageLimit: Int
  /// How pictures are drawn: colours, graphics protocol, cell size.
  let style: BrowsePictureStyle
  var language: AppLanguage { environment.options.language }
  /// The image loads the screen started, and how each ended.
  let images: ImageLoadCounter
  /// Where the feed on screen came from, once the first page answered.
  let origin = OriginRecorder()

  init(
    environment: AppEnvironment, capacity: Int, pageLimit: Int, style: BrowsePictureStyle = .init(colours: .grey)
  ) {
    (self.environment, self.capacity, self.pageLimit, self.style) = (environment, capacity, pageLimit, style)
    images = ImageLoadCounter(
      decoratee: UndecodableRefetchingImageLoader(
        decoratee: environment.composer.imageLoader, server: environment.composer.remoteImageLoader,
        undecodable: Self.decoder.undecodable))
  }

  /// The feed list: a window of `capacity` images over the page store, filled from the server.
  func feedList() -> (list: BrowseList, window: FeedWindow) {
    let origin = origin
    // The session's page list, held as long as its window is (the window holds the remote, which holds the claim).
    let claim = BrowsePageList(claiming: environment.composer.storage.pages, in: environment.directory)
    let window = environment.composer.window(capacity: capacity, pageLimit: pageLimit, pageStore: claim.store) {
      remote in
      { last in
        withExtendedLifetime(claim) {}
        do {
          let page = try await remote(last)
          if last == nil { origin.recordFeed(from: .server) }
          return page
        } catch {
          // The window then shows the page store's first page, if it has one.
          if last == nil { origin.recordFeed(from: .cache) }
          throw error
        }
      }
    }
    let title = FeedPresenter.title(localization: language.localization)
    return (list(title: title, capacity: capacity, pages: .get()) { try await window.reload() }, window)
  }

  /// A list of the server's results for `keyword`, each page cached as the last search.
  func searchList(_ keyword: String) -> BrowseList {
    let search = environment.composer.search
    return list(title: "Search: \(keyword)", pages: .search(keyword)) { try await search.search(keyword) }
  }

  /// A list whose `pages` come through `loader`; a failed page says what the server answered for them.
  private func list(
    title: String, capacity: Int? = nil, pages: FeedEndpoint,
    loader: @escaping @Sendable () async throws -> Paginated<FeedImage>
  ) -> BrowseList {
    let view = BrowseListView()
    let (errors, recorder, language) = (LastPageError(), environment.recorder, language)
    let url = environment.server.map { pages.url(baseURL: $0) }
    view.loadFailure = {
      url.flatMap { recorder.answerFailure(at: $0) }?.text(in: language, for: .page)
        ?? errors.localFailure.map { FeedAppError.problem(with: $0, in: language) }
    }
    let loader = errors.watching(loader)
    let (size, style) = (BrowseScreen.thumbnail, style)
    let controller = environment.composer.feedScreen(
      loader, images: images, transform: { data in await Self.decoder.thumbnail(of: data, size: size, style: style) },
      view: view, loadMoreView: view)
    return BrowseList(title: title, controller: controller, view: view, capacity: capacity)
  }

  /// The detail screen of `image`: its picture, larger, and its comments from the server.
  func detail(of image: FeedImage) -> BrowseDetail {
    let detail = BrowseDetail(image: image)
    let (recorder, language) = (environment.recorder, language)
    if let server = environment.server {
      let comments = ImageCommentsEndpoint.get(image.id).url(baseURL: server)
      detail.failure = { recorder.answerFailure(at: comments)?.text(in: language, for: .page) }
    }
    let screen = TerminalSession.size ?? (80, 24)
    let box = BrowseScreen.detailBox(columns: screen.columns, rows: screen.rows)
    detail.pictureBox = box
    let (size, style) = ((box.columns, box.rows), style)
    detail.controller = environment.composer.detailScreen(
      of: image, images: images,
      transform: { data in await Self.decoder.thumbnail(of: data, size: size, style: style, fitted: true) },
      view: detail, locale: language.locale)
    return detail
  }

  /// The decoder every screen of the browse shares: off the main actor and off the cooperative pool, one at a time,
  /// its pictures cached per size.
  private static let decoder = ThumbnailDecoder()
}
