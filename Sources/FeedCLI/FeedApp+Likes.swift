import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import EssentialFeedSQLite
import FeedDemoServer
import Foundation
import Synchronization

/// `feed like`, `feed discard`, `feed likes` and `feed sync`: the pending likes kept in the store, sent to the server.
extension FeedApp {
  /// Stores a like or discard of `imageID`, then sends the pending actions once. Succeeds when stored, sent or not.
  static func act(
    _ kind: PendingLikeAction.Kind, on imageID: UUID, url: String?, offline: Bool, store: String?,
    storeKind: StoreKind, json: Bool, limits: NetworkLimits = NetworkLimits(), language: AppLanguage = .current,
    now: @escaping @Sendable () -> Date = Date.init
  ) async throws -> String {
    try await withLikes(
      url: url, offline: offline, store: store, storeKind: storeKind, limits: limits,
      embeddedNote: json ? nil : language.text("LIKES_EMBEDDED_SERVER")
    ) { context in
      let action = PendingLikeAction(imageID: imageID, kind: kind, timestamp: now())
      try await context.pending.enqueue(action)
      let refusal = RefusalRecorder()
      let report = await context.synchronizer {
        if case .rejected(let refused, let why) = $0 { refusal.record(refused, why) }
      }
      .sendPending()
      if let why = refusal.reason(for: action) {
        throw FeedAppError.likeRefused(imageID, kind: kind, statusCode: why.statusCode)
      }
      let pending = try await context.pending.pendingActions().contains { $0.id == action.id }
      return LikesReport.action(action, pending: pending, report: report, json: json, language: language)
    }
  }

  /// The liked images: the server's list (cached; the cached one when the server fails) with the pending actions on
  /// top.
  static func likes(
    url: String?, offline: Bool, store: String?, storeKind: StoreKind, json: Bool,
    limits: NetworkLimits = NetworkLimits(), language: AppLanguage = .current
  ) async throws -> String {
    try await withLikes(
      url: url, offline: offline, store: store, storeKind: storeKind, limits: limits,
      embeddedNote: json ? nil : language.text("LIKES_EMBEDDED_SERVER")
    ) { context in
      let pending = try await context.pending.pendingActions()
      var liked: [FeedImage] = []
      var origin = LikesReport.Origin.none
      if let base = context.server,
        let loaded = try? await FeedLoaderCacheDecorator(
          decoratee: RemoteLikedImagesLoader(baseURL: base, client: context.client), cache: context.likedCache
        ).load()
      {
        (liked, origin) = (loaded, .server)
      } else if let cached = try? await context.likedCache.load() {
        (liked, origin) = (cached, .cache)
      }
      let entries = LikedList.entries(server: liked, pending: pending)
      return LikesReport.list(
        entries, pending: pending, origin: origin, serverAsked: context.server != nil, json: json, language: language)
    }
  }

  /// Sends the pending actions once.
  static func sync(
    url: String?, offline: Bool, store: String?, storeKind: StoreKind, json: Bool,
    limits: NetworkLimits = NetworkLimits(), language: AppLanguage = .current
  ) async throws -> String {
    try await withLikes(
      url: url, offline: offline, store: store, storeKind: storeKind, limits: limits,
      embeddedNote: json ? nil : language.text("LIKES_EMBEDDED_SERVER")
    ) { context in
      return LikesReport.sync(await context.synchronizer().sendPending(), json: json, language: language)
    }
  }

  /// Runs `body` with the likes' stores and server, holding the store's sync lock. Against the embedded demo server,
  /// whose likes go with the command, `embeddedNote` (if any) follows the output: a like must not vanish silently.
  private static func withLikes(
    url: String?, offline: Bool, store: String?, storeKind: StoreKind, limits: NetworkLimits,
    embeddedNote: String?, _ body: (LikesContext) async throws -> String
  ) async throws -> String {
    let directory = try CacheDirectory.resolve(store)
    try CacheDirectory.prepare(directory)
    return try await LikesSyncLock.holding(in: directory) {
      try await withLikesLocked(
        url: url, offline: offline, directory: directory, storeKind: storeKind, limits: limits,
        embeddedNote: embeddedNote, body)
    }
  }

  private static func withLikesLocked(
    url: String?, offline: Bool, directory: URL, storeKind: StoreKind, limits: NetworkLimits, embeddedNote: String?,
    _ body: (LikesContext) async throws -> String
  ) async throws -> String {
    var embedded: LoopbackHTTPServer?
    var server: URL?
    if let url {
      guard let base = AbsoluteHTTPURL.parse(url) else { throw FeedAppError.invalidURL(url) }
      server = base
    } else if !offline {
      let demo = try await DemoFeedServer.start()
      (embedded, server) = (demo, demo.baseURL)
    }
    let context = LikesContext(in: directory, storeKind: storeKind, server: server, client: limits.makeClient())
    do {
      // A store it cannot read is said at once, with its remedy: never "0 pending" (the synchronizer counts such a
      // store as a failed pass with nothing pending), never a like stored over a damaged journal.
      do {
        _ = try await context.pending.pendingActions()
      } catch {
        throw FeedAppError.unreadablePendingLikes(
          reason: "\(error)", store: directory.path(percentEncoded: false), storeKind: storeKind)
      }
      let output = try await body(context)
      await embedded?.stop()
      guard embedded != nil, let embeddedNote else { return output }
      return output + "\n" + embeddedNote
    } catch {
      await embedded?.stop()
      throw error
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
