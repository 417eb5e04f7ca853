import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

extension FeedApp {
  /// Where likes go: the pending store, and the server (if any) with its sender and liked list.
  struct LikesContext {
    let pending: any PendingLikeActionStore
    let server: URL?
    let client: any HTTPRequestClient
    /// The last liked list loaded, for when the server cannot be reached.
    let likedCache: LocalFeedLoader

    /// The stores of `kind` in `directory`: the pending actions beside the feed, the liked list in its own.
    init(in directory: URL, storeKind: StoreKind, server: URL?, client: any HTTPRequestClient) {
      let stores = AppStores(storeKind, in: directory)
      pending = stores.main
      likedCache = LocalFeedLoader(store: stores.likedList, currentDate: Date.init)
      self.server = server
      self.client = client
    }

    /// A synchronizer of the pending actions; with `passLock` when the caller does not already hold the sync lock.
    func synchronizer(
      passLock: (any LikePassLock)? = nil, onEvent: @escaping @Sendable (LikeSynchronizer.Event) -> Void = { _ in }
    ) -> LikeSynchronizer {
      let sender: any LikeActionSender =
        server.map { RemoteLikeActionSender(baseURL: $0, client: client) } ?? OfflineSender()
      return LikeSynchronizer(
        store: pending, sender: sender, sleep: { _ in throw CancellationError() }, onEvent: onEvent,
        passLock: passLock)
    }
  }
}

/// The sender when there is no server (`--offline`): every action stays pending.
private struct OfflineSender: LikeActionSender {
  func send(_ action: PendingLikeAction) async throws -> LikeState { throw URLError(.notConnectedToInternet) }
}
