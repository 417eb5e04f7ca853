import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import EssentialFeedSQLite
import FeedDemoServer
import Foundation
import Synchronization

/// `feed like`, `feed discard`, `feed likes` and `feed sync`: the pending likes kept in the store, sent to the server.
extension FeedApp {
  /// Where likes go: the pending store, and the server (if any) with its sender and liked list.
  struct LikesContext {
    let pending: any PendingLikeActionStore
    let server: URL?
    let client: any HTTPClient
    /// The last liked list loaded, for when the server cannot be reached.
    let likedCache: LocalFeedLoader

    func synchronizer(onEvent: @escaping @Sendable (LikeSynchronizer.Event) -> Void = { _ in }) -> LikeSynchronizer {
      let sender: any LikeActionSender =
        server.map { RemoteLikeActionSender(baseURL: $0, client: client) } ?? OfflineSender()
      return LikeSynchronizer(
        store: pending, sender: sender, sleep: { _ in throw CancellationError() }, onEvent: onEvent)
    }
  }

  /// Stores a like or discard of `imageID`, then sends the pending actions once. Succeeds when stored, sent or not.
  static func act(
    _ kind: PendingLikeAction.Kind, on imageID: UUID, url: String?, offline: Bool, store: String?,
    storeKind: StoreKind, json: Bool, limits: NetworkLimits = NetworkLimits(), language: AppLanguage = .current,
    now: @escaping @Sendable () -> Date = Date.init
  ) async throws -> String {
    try await withLikes(url: url, offline: offline, store: store, storeKind: storeKind, limits: limits) { context in
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
    try await withLikes(url: url, offline: offline, store: store, storeKind: storeKind, limits: limits) { context in
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
      return LikesReport.list(entries, pending: pending, origin: origin, json: json, language: language)
    }
  }

  /// Sends the pending actions once.
  static func sync(
    url: String?, offline: Bool, store: String?, storeKind: StoreKind, json: Bool,
    limits: NetworkLimits = NetworkLimits(), language: AppLanguage = .current
  ) async throws -> String {
    try await withLikes(url: url, offline: offline, store: store, storeKind: storeKind, limits: limits) { context in
      LikesReport.sync(await context.synchronizer().sendPending(), json: json, language: language)
    }
  }

  private static func withLikes(
    url: String?, offline: Bool, store: String?, storeKind: StoreKind, limits: NetworkLimits,
    _ body: (LikesContext) async throws -> String
  ) async throws -> String {
    let directory = try CacheDirectory.resolve(store)
    try CacheDirectory.prepare(directory)
    // One pass at a time across processes too: two `feed` processes sending the same store's actions at once could
    // send an older action on an image after a newer one. The lock dies with its process, killed or not.
    let lockPath = directory.appending(path: "likes-sync.lock").path(percentEncoded: false)
    let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if lock >= 0 { while flock(lock, LOCK_EX) != 0, errno == EINTR {} }
    defer { if lock >= 0 { close(lock) } }
    var embedded: LoopbackHTTPServer?
    var server: URL?
    if let url {
      guard let base = AbsoluteHTTPURL.parse(url) else { throw FeedAppError.invalidURL(url) }
      server = base
    } else if !offline {
      let demo = try await DemoFeedServer.start()
      (embedded, server) = (demo, demo.baseURL)
    }
    let (pending, likedStore): (any PendingLikeActionStore, any FeedStore) =
      switch storeKind {
      case .filesystem:
        (FileSystemFeedStore(directory: directory), FileSystemFeedStore(directory: directory.appending(path: "likes")))
      case .sqlite:
        (
          SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite")),
          SQLiteFeedStore(storeURL: directory.appending(path: "likes.sqlite"))
        )
      }
    let context = LikesContext(
      pending: pending, server: server, client: limits.makeClient(),
      likedCache: LocalFeedLoader(store: likedStore, currentDate: Date.init))
    do {
      let output = try await body(context)
      await embedded?.stop()
      return output
    } catch {
      await embedded?.stop()
      throw error
    }
  }
}

/// The sender when there is no server (`--offline`): every action stays pending.
private struct OfflineSender: LikeActionSender {
  func send(_ action: PendingLikeAction) async throws -> LikeState { throw URLError(.notConnectedToInternet) }
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
