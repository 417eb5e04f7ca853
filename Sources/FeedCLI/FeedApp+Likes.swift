import EssentialFeed
import Foundation
import Synchronization

/// `feed like`, `feed discard`, `feed likes` and `feed sync`: the pending likes kept in the store, sent to the server.
extension FeedApp {
  /// Stores a like or discard of `imageID`, then sends the pending actions once. Succeeds when stored, sent or not.
  static func act(_ kind: PendingLikeAction.Kind, on imageID: UUID, _ options: AppOptions) async throws -> String {
    try await withLikes(options) { composer in
      let action = PendingLikeAction(imageID: imageID, kind: kind, timestamp: options.now())
      try await composer.likeStore.enqueue(action)
      let refusal = RefusalRecorder()
      let report = await composer.likeSynchronizer(retrying: false) {
        if case .rejected(let refused, let why) = $0 { refusal.record(refused, why) }
      }
      .sendPending()
      if let why = refusal.reason(for: action) {
        throw FeedAppError.likeRefused(imageID, kind: kind, statusCode: why.statusCode)
      }
      let pending = try await composer.likeStore.pendingActions().contains { $0.id == action.id }
      return LikesReport.action(
        action, pending: pending, report: report, json: options.json, language: options.language)
    }
  }

  /// The liked images: the server's list (cached; the cached one when the server fails) with the pending actions on
  /// top.
  static func likes(_ options: AppOptions) async throws -> String {
    try await withLikes(options) { composer in
      let pending = try await composer.likeStore.pendingActions()
      var liked: [FeedImage] = []
      var origin = LikesReport.Origin.none
      let list = composer.likedImages
      if let loaded = try? await list.server?.load() {
        (liked, origin) = (loaded, .server)
      } else if let cached = try? await list.cached.load() {
        (liked, origin) = (cached, .cache)
      }
      // A pending like of an image the list does not hold shows the text the cached feed has for it.
      let cached = Dictionary(((try? await composer.localFeed.load()) ?? []).map { ($0.id, $0) }) { first, _ in first }
      let entries = LikedList.entries(server: liked, pending: pending).map { entry in
        LikedEntry(imageID: entry.imageID, image: entry.image ?? cached[entry.imageID], pending: entry.pending)
      }
      return LikesReport.list(
        entries, pending: pending, origin: origin, serverAsked: composer.server != nil, json: options.json,
        language: options.language)
    }
  }

  /// Sends the pending actions once.
  static func sync(_ options: AppOptions) async throws -> String {
    try await withLikes(options) { composer in
      let report = await composer.likeSynchronizer(retrying: false).sendPending()
      return LikesReport.sync(report, json: options.json, language: options.language)
    }
  }

  /// Runs `body` with the likes' stores and server, holding the store's sync lock. Against the embedded demo server,
  /// whose likes go with the command, a note follows the text output: a like must not vanish silently.
  private static func withLikes(_ options: AppOptions, _ body: (FeedComposer) async throws -> String) async throws
    -> String
  {
    try await AppEnvironment.with(options, for: .like) { environment in
      let output = try await LikesSyncLock.holding(in: environment.directory) {
        // A store it cannot read is said at once, with its remedy: never "0 pending" (the synchronizer counts such a
        // store as a failed pass with nothing pending), never a like stored over a damaged journal.
        do {
          _ = try await environment.composer.likeStore.pendingActions()
        } catch {
          throw FeedAppError.unreadablePendingLikes(
            reason: FeedAppError.sentence(for: error), store: environment.storePath, storeKind: options.storeKind)
        }
        return try await body(environment.composer)
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
