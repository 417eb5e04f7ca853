import Foundation

/// What the likes screen shows.
@MainActor
public protocol LikesView: AnyObject {
  /// Shows the liked list.
  func display(_ entries: [LikedEntry])
  /// Shows a message for the user, or hides it (`nil`): a refused action, a failed load.
  func display(message: String?)
}

/// The headless likes screen: the liked list with the pending actions replayed on top; a like or discard is stored
/// first, then shows at once, then is sent; the server's answers replace the optimistic state, and an action the
/// server refuses for good is reverted with a localized message.
@MainActor
public final class LikesController {
  private let store: any PendingLikeActionStore
  private let loadLiked: @Sendable () async throws -> [FeedImage]
  private let send: @Sendable () async -> Void
  private let currentDate: @Sendable () -> Date
  private weak var view: (any LikesView)?
  private var server: [FeedImage] = []
  private var known: [UUID: FeedImage] = [:]
  private var pending: [PendingLikeAction] = []
  /// The server's answers since the list was loaded, in order: applied over the list, so an answer that arrives
  /// while a load is in flight is not lost to the older list it returns.
  private var answers: [LikeState] = []

  /// Creates the controller.
  ///
  /// - Parameters:
  ///   - store: Where actions are stored before they are sent.
  ///   - loadLiked: Loads the server's liked images.
  ///   - send: Starts sending the pending actions (a ``LikeSynchronizer`` trigger).
  ///   - currentDate: Stamps new actions.
  ///   - view: The screen.
  public init(
    store: any PendingLikeActionStore, loadLiked: @escaping @Sendable () async throws -> [FeedImage],
    send: @escaping @Sendable () async -> Void, currentDate: @escaping @Sendable () -> Date = Date.init,
    view: any LikesView
  ) {
    self.store = store
    self.loadLiked = loadLiked
    self.send = send
    self.currentDate = currentDate
    self.view = view
  }

  /// The entries shown now.
  public var entries: [LikedEntry] {
    var liked: [UUID: Bool] = [:]
    for answer in answers { liked[answer.imageID] = answer.liked }
    let listed = Set(server.map(\.id))
    let confirmed = answers.reversed().map(\.imageID).filter { liked[$0] == true && !listed.contains($0) }
    var seen = Set<UUID>()
    return LikedList.entries(
      server: server.filter { liked[$0.id] != false }, pending: pending, known: known,
      confirmed: confirmed.filter { seen.insert($0).inserted })
  }

  /// Loads the server's list and the pending actions (a manual refresh also sends them). A failed load keeps the
  /// last list, with the pending actions on top, and says so.
  public func load() async {
    answers = []
    pending = (try? await store.pendingActions()) ?? pending
    do {
      server = try await loadLiked()
      view?.display(message: nil)
    } catch {
      view?.display(message: LocalizedStrings.connectionError)
    }
    render()
  }

  /// Likes `image`: stored, shown at once, then sent.
  ///
  /// - Parameter image: The image.
  /// - Throws: The store's error: then nothing is shown or sent.
  public func like(_ image: FeedImage) async throws {
    known[image.id] = image
    try await act(.like, on: image.id)
  }

  /// Discards the like of the image with `imageID`: stored, shown at once, then sent.
  ///
  /// - Parameter imageID: The image.
  /// - Throws: The store's error: then nothing is shown or sent.
  public func discard(_ imageID: UUID) async throws {
    try await act(.discard, on: imageID)
  }

  /// Applies what the synchronizer learned: an answer replaces the optimistic state with the server's; a refusal
  /// reverts the action and tells the user.
  ///
  /// - Parameter event: The synchronizer's event.
  public func handle(_ event: LikeSynchronizer.Event) {
    switch event {
    case .answered(let action, let state):
      pending.removeAll { $0.id == action.id }
      answers.append(state)
    case .rejected(let action, _):
      pending.removeAll { $0.id == action.id }
      view?.display(message: LocalizedStrings.string(action.kind == .like ? "LIKE_REJECTED" : "DISCARD_REJECTED"))
    }
    render()
  }

  private func act(_ kind: PendingLikeAction.Kind, on imageID: UUID) async throws {
    let action = PendingLikeAction(imageID: imageID, kind: kind, timestamp: currentDate())
    try await store.enqueue(action)
    pending.removeAll { $0.imageID == imageID }
    pending.append(action)
    render()
    await send()
  }

  private func render() {
    view?.display(entries)
  }
}
