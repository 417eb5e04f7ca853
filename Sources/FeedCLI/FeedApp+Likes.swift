import EssentialFeed
import EssentialFeedAPI
import Foundation
import Synchronization

/// `feed like`, `feed discard`, `feed likes` and `feed sync`: the pending likes kept in the store, sent to the server.
extension FeedApp {
  /// Stores a like or discard of `imageID`, then sends the pending actions once. Succeeds when stored, sent or not.
  static func act(_ kind: PendingLikeAction.Kind, on imageID: UUID, _ options: AppOptions) async throws -> String {
    try await withLikes(options) { environment in
      let composer = environment.composer
      let action = PendingLikeAction(imageID: imageID, kind: kind, timestamp: options.now())
      try await composer.storage.pendingLikes.enqueue(action)
      let refusal = RefusalRecorder()
      let report = await composer.likeSynchronizer(retrying: false) {
        if case .rejected(let refused, let why) = $0 { refusal.record(refused, why) }
      }
      .sendPending()
      if let why = refusal.reason(for: action) {
        throw FeedAppError.likeRefused(imageID, kind: kind, statusCode: why.statusCode)
      }
      let pending = try await composer.storage.pendingLikes.pendingActions().contains { $0.id == action.id }
      let problem = pending && report.failed > 0 ? sendProblem(of: action, environment, options.language) : nil
      return LikesReport.action(
        action, pending: pending, report: report, problem: problem, json: options.json, language: options.language)
    }
  }

  /// The liked images: the server's list (cached; the cached one when the server fails) with the pending actions on
  /// top.
  static func likes(_ options: AppOptions) async throws -> String {
    try await withLikes(options) { environment in
      let composer = environment.composer
      let pending = try await composer.storage.pendingLikes.pendingActions()
      var liked: [FeedImage] = []
      var origin = LikesReport.Origin.none
      var serverProblem: String?
      let list = composer.likedImages
      if let server = list.server {
        do {
          (liked, origin) = (try await server.load(), .server)
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          serverProblem = likedListProblem(error, environment, options.language)
        }
      }
      if origin != .server, let cached = try? await list.cached.load() { (liked, origin) = (cached, .cache) }
      // A pending like of an image the list does not hold shows the text the cached feed has for it.
      let cached = Dictionary(((try? await composer.localFeed.load()) ?? []).map { ($0.id, $0) }) { first, _ in first }
      let entries = LikedList.entries(server: liked, pending: pending).map { entry in
        LikedEntry(imageID: entry.imageID, image: entry.image ?? cached[entry.imageID], pending: entry.pending)
      }
      return LikesReport.list(
        entries, pending: pending, origin: origin, serverProblem: serverProblem, json: options.json,
        language: options.language)
    }
  }

  /// Why the server did not take `action`: what it answered, else (an answer that was no failure of its own) not a
  /// valid one; `nil` offline, where it was not asked.
  private static func sendProblem(
    of action: PendingLikeAction, _ environment: AppEnvironment, _ language: AppLanguage
  ) -> String? {
    guard let server = environment.server else { return nil }
    let url = LikesEndpoint.send(action).url(baseURL: server)
    return environment.recorder.answerFailure(at: url)?.text(in: language, for: .page)
      ?? language.text("PROBLEM_INVALID_DATA")
  }

  /// Why the server's liked list failed: what its last answer was (a status, empty, past the limit), else the
  /// error's kind.
  private static func likedListProblem(
    _ error: any Error, _ environment: AppEnvironment, _ language: AppLanguage
  ) -> String {
    let url = environment.server.map { LikesEndpoint.list().url(baseURL: $0) }
    return url.flatMap { environment.recorder.answerFailure(at: $0) }?.text(in: language, for: .page)
      ?? FeedAppError.problem(with: error, in: language)
  }

  /// Sends the pending actions once.
  static func sync(_ options: AppOptions) async throws -> String {
    try await withLikes(options) { environment in
      let report = await environment.composer.likeSynchronizer(retrying: false).sendPending()
      return LikesReport.sync(report, json: options.json, language: options.language)
    }
  }

  /// Runs `body` with the likes' stores and server, holding the store's sync lock. Against the embedded demo server,
  /// whose likes go with the command, a note follows the text output: a like must not vanish silently.
  private static func withLikes(_ options: AppOptions, _ body: (AppEnvironment) async throws -> String) async throws
    -> String
  {
    try await AppEnvironment.with(options, for: .like) { environment in
      let output = try await LikesSyncLock.holding(in: environment.directory) {
        // A store it cannot read is said at once, with its remedy: never "0 pending" (the synchronizer counts such a
        // store as a failed pass with nothing pending), never a like stored over a damaged journal.
        do {
          _ = try await environment.composer.storage.pendingLikes.pendingActions()
        } catch {
          throw FeedAppError.unreadablePendingLikes(
            reason: FeedAppError.sentence(for: error), store: environment.storePath, storeKind: options.storeKind)
        }
        return try await body(environment)
      }
      guard environment.isEmbeddedServer, !options.json else { return output }
      return output + "\n" + options.language.text("LIKES_EMBEDDED_SERVER")
    }
  }
}

/// The refusals a pass reported, by action.
private final class RefusalRecorder: Sendable {
  private let refusals = Mutex<[UUID: LikeActionRejected]>([:])

  func record(_ action: PendingLikeAction, _ why: LikeActionRejected) {
    refusals.withLock { $0[action.id] = why }
  }

  func reason(for action: PendingLikeAction) -> LikeActionRejected? {
    refusals.withLock { $0[action.id] }
  }
}
