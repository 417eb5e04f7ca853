import EssentialFeed
import EssentialFeedAPI
import Foundation

/// The likes of the interactive browse: a ``LikesController`` over the pending store, sending through a
/// ``LikeSynchronizer`` whose passes hold the cache directory's sync lock (``DirectoryLikePassLock``), and whose
/// coalescing runs a send asked for during a pass once more after it.
@MainActor
final class BrowseLikesParts {
  private var controller: LikesController?
  private let view: BrowseLikes
  private let synchronizer: LikeSynchronizer

  init(environment: AppEnvironment, view: BrowseLikes) {
    let (composer, directory) = (environment.composer, environment.directory)
    self.view = view
    if let server = environment.server {
      let (recorder, language, list) = (environment.recorder, environment.options.language, LikesEndpoint.list())
      view.loadFailure = { recorder.answerFailure(at: list.url(baseURL: server))?.text(in: language, for: .page) }
    }
    let (events, relay) = AsyncStream.makeStream(of: LikeSynchronizer.Event.self)
    synchronizer = composer.likeSynchronizer(
      retrying: true, passLock: DirectoryLikePassLock(directory: directory)
    ) { relay.yield($0) }
    let controller = composer.likesScreen(send: { [weak self] in await self?.send() }, view: view)
    self.controller = controller
    // The synchronizer's answers and refusals, from any thread, to the controller on the main actor.
    Task { [weak controller] in
      for await event in events { controller?.handle(event) }
    }
  }

  /// Sends the pending actions; without the sync lock (its file cannot be opened) nothing is sent, and the actions
  /// stay pending, shown as such.
  private func send() async {
    _ = await synchronizer.sendPending()
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
