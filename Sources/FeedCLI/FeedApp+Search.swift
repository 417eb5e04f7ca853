import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation

extension FeedApp {
  /// Searches the feed for `keyword` and returns the results as `show` prints a feed.
  ///
  /// Online, `pages` pages of results from the server, each cached as the last search; offline or when the server
  /// fails, the cached search for the same keyword, or a match over the cached feed.
  static func search(
    _ keyword: String, pages: Int = 1, url: String?, offline: Bool, store: String?, storeKind: StoreKind = .filesystem,
    json: Bool, limits: NetworkLimits = NetworkLimits(), imageLimits: ImageCacheLimits = .app,
    language: AppLanguage = .current,
    now: @escaping @Sendable () -> Date = Date.init,
    progress: @escaping @Sendable (Int, Int) -> Void = FeedApp.terminalProgress
  ) async throws -> String {
    let client = limits.makeClient()
    let report: FeedReport
    do {
      report = try await run(url: url, offline: offline, store: store, language: language) { server, directory in
        let store = AppStores(storeKind, in: directory).main
        let loaders = AppLoaders(
          baseURL: server, client: client, store: store,
          images: AppStores.images(in: directory, limits: imageLimits, now: now),
          now: now)
        let search = FeedSearch(
          remote: remoteSearch(server: server, client: client, store: store, now: now, recorder: loaders.recorder),
          cached: LocalFeedSearchLoader(store: store, currentDate: now).load(keyword:),
          cachedFeed: LocalFeedLoader(store: store, currentDate: now).load)
        let results = SearchResultsLoader(search: search, keyword: keyword, pages: pages)
        return AppLoaders(feedLoader: results, replacingIn: loaders)
      } progress: {
        progress($0, $1)
      } then: { report, _ in
        report
      }
    } catch let error as RemoteFeedLoader.Error {
      // Offline, the server was not tried: say so, not that it could not be reached.
      let problem = offline ? language.text("PROBLEM_OFFLINE") : FeedAppError.problem(with: error, in: language)
      throw FeedAppError.searchUnavailable(keyword: keyword, problem: problem)
    }
    return json ? try FeedReportRenderer.json(report) : FeedReportRenderer.text(report, language: language)
  }

  /// The server's search, each page cached as the last search, recording where the results came from.
  static func remoteSearch(
    server: URL?, client: any HTTPClient, store: any FeedSearchStore, now: @escaping @Sendable () -> Date,
    recorder: OriginRecorder
  ) -> FeedSearch.Remote {
    let cache = LocalFeedSearchLoader(store: store, currentDate: now)
    return { keyword in
      guard let server else { throw RemoteFeedLoader.Error.connectivity }
      let remote = RemoteFeedPageLoader(baseURL: server, client: client, keyword: keyword)
      do {
        // The pager never lets a failed save fail the search; the recorder keeps it, so the report never says the
        // results were saved when they were not.
        let first = try await FeedPager(
          loadPage: { try await remote.loadPage(after: $0) },
          cache: RecordingFeedCache(decoratee: cache.cache(for: keyword), recorder: recorder)
        )
        .load()
        recorder.recordFeed(from: .server)
        return first
      } catch {
        recorder.recordRemoteFeedError(error)
        throw error
      }
    }
  }
}

/// A search's results as a feed: `pages` pages of them.
private struct SearchResultsLoader: FeedLoader {
  let search: FeedSearch
  let keyword: String
  let pages: Int

  /// The first page, then up to `pages` in all; a later page that fails ends the list with the pages loaded (they
  /// are shown and cached), rather than failing a search that already has results.
  func load() async throws -> [FeedImage] {
    try await search.search(keyword).loadingAll(maximumPages: max(1, pages), endingAtFailure: true)
  }
}
