import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation

/// The likes of the interactive browse: a ``LikesController`` over the pending store, sending through a
/// ``LikeSynchronizer`` that holds the cache directory's sync lock for each pass, as the `feed like` command does.
@MainActor
final class BrowseLikesParts {
  private var controller: LikesController?
  private let view: BrowseLikes
  private let directory: URL
  private let synchronizer: LikeSynchronizer
  /// Whether a pass is sending, and whether another was asked for meanwhile: one pass at a time in the process.
  private var sending = false
  private var sendAgain = false

  init(context: FeedApp.LikesContext, directory: URL, view: BrowseLikes) {
    self.view = view
    self.directory = directory
    let (events, relay) = AsyncStream.makeStream(of: LikeSynchronizer.Event.self)
    synchronizer = context.synchronizer { event in relay.yield(event) }
    let liked: @Sendable () async throws -> [FeedImage] = {
      guard let server = context.server else { return try await context.likedCache.load() }
      return try await FeedLoaderCacheDecorator(
        decoratee: RemoteLikedImagesLoader(baseURL: server, client: context.client), cache: context.likedCache
      ).load()
    }
    let controller = LikesController(
      store: context.pending, loadLiked: liked,
      send: { [weak self] in await self?.send() }, view: view)
    self.controller = controller
    // The synchronizer's answers and refusals, from any thread, to the controller on the main actor.
    Task { [weak controller] in
      for await event in events { controller?.handle(event) }
    }
  }

  /// Sends the pending actions, holding the cache directory's sync lock; a send asked for while one runs makes it
  /// run once more.
  private func send() async {
    guard !sending else {
      sendAgain = true
      return
    }
    sending = true
    repeat {
      sendAgain = false
      // Without the lock (its file cannot be opened), nothing is sent: the actions stay pending, shown as such.
      _ = try? await LikesSyncLock.holding(in: directory) { [synchronizer] in await synchronizer.sendPending() }
    } while sendAgain
    sending = false
  }

  /// Loads the liked list and the pending actions.
  func reload() {
    Task { await controller?.load() }
  }

  /// Likes `image`, or discards its like when `liked`: shown at once, then sent.
  func toggle(_ image: FeedImage, liked: Bool) {
    Task { [view, controller] in
      do {
        if liked { try await controller?.discard(image.id) } else { try await controller?.like(image) }
      } catch {
        view.display(message: FeedAppError.problem(with: error))
      }
    }
  }
}
