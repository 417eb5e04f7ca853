import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
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
  static func detail(
    _ id: UUID, url: String?, offline: Bool, store: String?, storeKind: StoreKind = .filesystem, json: Bool,
    limits: NetworkLimits = NetworkLimits(), imageLimits: ImageCacheLimits = .app, language: AppLanguage = .current,
    now: @escaping @Sendable () -> Date = Date.init
  ) async throws -> String {
    let client = limits.makeClient()
    let detail = try await run(url: url, offline: offline, store: store, language: language) { server, directory in
      AppLoaders(
        baseURL: server, client: client, store: AppStores(storeKind, in: directory).main,
        images: AppStores.images(in: directory, limits: imageLimits, now: now), now: now)
    } progress: { _, _ in
    } then: { report, server in
      guard let entry = report.entries.first(where: { $0.id == id }) else { throw FeedAppError.unknownImage(id) }
      return await ImageDetailReport(entry: entry, comments: server, client: client, language: language, now: now)
    }
    return json
      ? try DetailRenderer.json(detail)
      : DetailRenderer.text(detail, title: FeedPresenter.title(localization: language.localization), language: language)
  }
}

extension ImageDetailReport {
  /// The detail of `entry`, with its comments loaded from `server` (none offline).
  init(
    entry: FeedReport.Entry, comments server: URL?, client: any HTTPClient, language: AppLanguage,
    now: @Sendable () -> Date
  ) async {
    self.entry = entry
    guard let server else {
      commentsProblem = language.text("COMMENTS_OFFLINE")
      return
    }
    do {
      let loaded = try await RemoteImageCommentsLoader(
        url: ImageCommentsEndpoint.get(entry.id).url(baseURL: server), client: client
      ).load()
      let shown = ImageCommentsPresenter.map(loaded, currentDate: now(), calendar: .current, locale: language.locale)
      comments = zip(loaded, shown.comments).map { comment, viewModel in
        Comment(
          id: comment.id, message: comment.message, author: comment.username, createdAt: comment.createdAt,
          relativeDate: viewModel.date)
      }
    } catch {
      commentsProblem = FeedAppError.problem(with: error, in: language)
    }
  }
}
