import EssentialFeed
import Foundation

/// The detail of one image: its entry in the feed, and its comments from the server.
struct ImageDetailReport: Codable, Equatable {
  struct Comment: Codable, Equatable {
    var id: UUID
    var message: String
    var author: String
    var createdAt: Date
    var relativeDate: String
  }

  var entry: FeedReport.Entry
  /// The comments, or `nil` when they could not be loaded (offline: comments are not cached).
  var comments: [Comment]?
  /// Why the comments are missing, when they are.
  var commentsProblem: String?
}

extension FeedApp {
  /// Shows the image with `id`: its text, its image and its comments, as text or JSON.
  static func detail(_ id: UUID, _ options: AppOptions) async throws -> String {
    let language = options.language
    let detail = try await AppEnvironment.with(options) { environment in
      let report = try await FeedRun(environment: environment).run(only: id)  // its image alone, not the feed's
      guard let entry = report.entries.first(where: { $0.id == id }) else { throw FeedAppError.unknownImage(id) }
      return await ImageDetailReport(
        entry: entry, comments: environment.composer.comments(of: id), language: language, now: options.now,
        problem: { environment.recorder.problem(with: $0, in: language) })
    }
    return options.json
      ? try DetailRenderer.json(detail)
      : DetailRenderer.text(detail, title: FeedPresenter.title(localization: language.localization), language: language)
  }
}

extension ImageDetailReport {
  /// The detail of `entry`, with the comments `loadComments` loads (none offline).
  init(
    entry: FeedReport.Entry, comments loadComments: (@Sendable () async throws -> [ImageComment])?,
    language: AppLanguage,
    now: @Sendable () -> Date, problem: (any Error) -> String
  ) async {
    self.entry = entry
    guard let loadComments else {
      commentsProblem = language.text("COMMENTS_OFFLINE")
      return
    }
    do {
      let loaded = try await loadComments()
      let shown = ImageCommentsPresenter.map(loaded, currentDate: now(), calendar: .current, locale: language.locale)
      comments = zip(loaded, shown.comments).map { comment, viewModel in
        Comment(
          id: comment.id, message: comment.message, author: comment.username, createdAt: comment.createdAt,
          relativeDate: viewModel.date)
      }
    } catch {
      commentsProblem = problem(error)
    }
  }
}
