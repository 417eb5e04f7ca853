import EssentialFeed
import EssentialFeedAPI
import Foundation

extension FeedApp {
  /// Searches the feed for `keyword` and returns the results as `show` prints a feed.
  ///
  /// Online, `pages` pages of results from the server, each cached as the last search; offline or when the server
  /// fails, the cached search for the same keyword, or a match over the cached feed.
  static func search(
    _ keyword: String, pages: Int = 1, _ options: AppOptions, progress: ProgressLine? = nil
  ) async throws -> String {
    let language = options.language
    var report = try await AppEnvironment.with(options, progress: progress) { environment in
      do {
        return try await FeedRun(
          environment: environment, feedLoader: environment.composer.searchResults(keyword, pages: pages)
        )
        .run(progress: progress)
      } catch let error as RemoteFeedLoader.Error {
        // Offline, the server was not tried: say so, not that it could not be reached.
        let problem =
          options.offline ? language.text("PROBLEM_OFFLINE") : environment.recorder.problem(with: error, in: language)
        throw FeedAppError.searchUnavailable(keyword: keyword, problem: problem)
      }
    }
    report.title = language.text("SEARCH_TITLE", keyword.trimmingCharacters(in: .whitespacesAndNewlines))
    return options.json ? try FeedReportRenderer.json(report) : FeedReportRenderer.text(report, language: language)
  }
}
