import EssentialFeed
import EssentialFeedCache
import FeedDemoServer
import FeedImages
import FeedTerminal
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FeedCLI

/// Image loads the test answers: each waits until completed, or answers at once with the demo image when
/// `answering` is set; cancellations are recorded.
final class ControlledImageLoader: FeedImageDataLoader, Sendable {
  private struct State {
    var requests: [URL] = []
    var cancelled: [URL] = []
    var waiting: [Int: (url: URL, continuation: CheckedContinuation<Data, any Error>)] = [:]
    var cancelledEarly: Set<Int> = []
    var answering = false
  }
  private let state = Mutex(State())
  /// Told of every load requested, answered or cancelled.
  let changes: StateChanges

  init(changes: StateChanges) {
    self.changes = changes
  }

  var requests: [URL] { state.withLock { $0.requests } }
  var cancelled: [URL] { state.withLock { $0.cancelled } }
  var waitingURLs: [URL] { state.withLock { $0.waiting.values.map(\.url) } }
  func answerAll() { state.withLock { $0.answering = true } }

  func loadImageData(from url: URL) async throws -> Data {
    let (id, answering) = state.withLock { state in
      state.requests.append(url)
      return (state.requests.count, state.answering)
    }
    changes.changed()
    if answering { return Self.image(for: url) }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let early = state.withLock { state in
          if state.cancelledEarly.remove(id) != nil { return true }
          state.waiting[id] = (url, continuation)
          return false
        }
        if early { continuation.resume(throwing: CancellationError()) }
        changes.changed()
      }
    } onCancel: {
      let waiting = state.withLock { state in
        state.cancelled.append(url)
        guard let waiting = state.waiting.removeValue(forKey: id) else {
          state.cancelledEarly.insert(id)
          return nil as CheckedContinuation<Data, any Error>?
        }
        return waiting.continuation
      }
      waiting?.resume(throwing: CancellationError())
      changes.changed()
    }
  }

  /// Answers every waiting load of `url` with `result`.
  func complete(_ url: URL, with result: Result<Data, any Error>) {
    let continuations = state.withLock { state in
      let matching = state.waiting.filter { $0.value.url == url }
      for key in matching.keys { state.waiting[key] = nil }
      return matching.values.map(\.continuation)
    }
    for continuation in continuations { continuation.resume(with: result) }
    changes.changed()
  }

  /// The demo server's picture for an image URL `…/images/<id>`.
  static func image(for url: URL) -> Data {
    DemoFeed.imageData(for: UUID(uuidString: url.lastPathComponent) ?? UUID())
  }
}

/// A session over a feed of `count` demo images in a window, as `feed browse` composes it but with the test's
/// image loader and parts; the screen is `rows` lines tall.
@MainActor
struct BrowseHarness {
  /// Told of everything the session shows and everything its loaders do: the test waits on it.
  let changes = StateChanges()
  let images: ControlledImageLoader
  let feed: [FeedImage]
  let session: BrowseSession
  let list: BrowseList
  let window: FeedWindow
  let events = Recorded()

  /// What the session asked of its parts.
  @MainActor final class Recorded {
    var searches: [String] = []
    var details: [FeedImage] = []
    var likes: [(FeedImage, liked: Bool)] = []
    var likesReloaded = 0
    weak var lastDetail: BrowseDetail?
  }

  /// Pages the remote was asked for, counted.
  let remotePages: Counter

  @MainActor final class Counter: Sendable {
    private let count = Mutex(0)
    nonisolated let changes: StateChanges
    nonisolated init(changes: StateChanges) { self.changes = changes }
    nonisolated var value: Int { count.withLock { $0 } }
    nonisolated func increment() {
      count.withLock { $0 += 1 }
      changes.changed()
    }
  }

  /// Tells `changes` when it is freed: held by an object whose release a test waits for.
  final class FreedSignal: Sendable {
    let changes: StateChanges
    init(_ changes: StateChanges) { self.changes = changes }
    deinit { changes.changed() }
  }

  /// Makes each image's thumbnail (a row's: `detail` false) from its data; greymaps in greys by default.
  typealias Transform = @Sendable (_ data: Data, _ detail: Bool) -> Thumbnail?

  init(
    count: Int = 100, capacity: Int = 60, pageLimit: Int = 10, rows: Int = 18, columns: Int = 80,
    transform: @escaping Transform = { data, detail in
      Greymap(decoding: data).map { Thumbnail($0, columns: detail ? 32 : 10, rows: detail ? 12 : 3) }
    }
  ) {
    let feed = (0..<count).map { index in
      let item = DemoFeed.item(at: index)
      return FeedImage(
        id: item.id, description: item.description, location: item.location,
        url: DemoFeed.imageURL(for: item.id, baseURL: URL(string: "http://demo.test") ?? URL(fileURLWithPath: "/")))
    }
    self.feed = feed
    images = ControlledImageLoader(changes: changes)
    remotePages = Counter(changes: changes)
    window = FeedWindow(
      capacity: capacity, pageLimit: pageLimit, pages: LocalFeedPageLoader(store: InMemoryFeedStore())
    ) { [remotePages] last in
      remotePages.increment()
      let start = last.flatMap { last in feed.firstIndex { $0.id == last.id }.map { $0 + 1 } } ?? 0
      return Array(feed[start..<min(feed.count, start + pageLimit)])
    }
    let window = window
    list = Self.list(title: "Feed", images: images, capacity: capacity, transform: transform) {
      try await window.reload()
    }
    let events = events
    let images = images
    let changes = changes
    let parts = BrowseSession.Parts(
      search: { keyword in
        events.searches.append(keyword)
        return Self.list(title: "Search: \(keyword)", images: images) {
          Paginated(items: feed.filter { $0.description?.contains(keyword) == true })
        }
      },
      detail: { image in
        events.details.append(image)
        let detail = BrowseDetail(image: image)
        events.lastDetail = detail
        let freed = FreedSignal(changes)  // freed with the detail's controller
        detail.controller = ImageDetailController(
          image: image, imageLoader: images,
          commentsLoader: {
            _ = freed
            await suspendUntilCancelled()  // the test shows comments through the detail's view, or cancels
            throw CancellationError()
          }, imageTransformer: { transform($0, true) },
          detailView: detail, imageView: detail, commentsView: detail, loadingView: detail, errorView: detail)
        return detail
      },
      toggleLike: { image, liked in events.likes.append((image, liked)) },
      reloadLikes: { events.likesReloaded += 1 },
      origin: { "server" })
    session = BrowseSession(feed: list, likes: BrowseLikes(), parts: parts, columns: columns, rows: rows)
    session.onChange = { changes.changed() }
  }

  static func list(
    title: String, images: ControlledImageLoader, capacity: Int? = nil,
    transform: @escaping Transform = { data, _ in Greymap(decoding: data).map { Thumbnail($0, columns: 10, rows: 3) } },
    loader: @escaping @Sendable () async throws -> Paginated<FeedImage>
  ) -> BrowseList {
    let view = BrowseListView()
    let controller = FeedController<Thumbnail>(
      loader: loader, imageLoader: images, imageTransform: .onMainActor { transform($0, false) },
      views: FeedScreenViews(view, loadMore: view))
    return BrowseList(title: title, controller: controller, view: view, capacity: capacity)
  }

  var screen: ScreenGrid { BrowseScreen.render(session) }

  /// The screen's text.
  var text: String { screen.text }

  /// Presses `keys` in order.
  func press(_ keys: Key...) {
    for key in keys { _ = session.handle(key) }
  }

  /// Suspends until `condition` holds, re-checking it after everything the session shows and its loaders do; a
  /// condition that never holds fails the test after an hour (a bound on a hang, never the verdict), naming `what`.
  func wait(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, until condition: () -> Bool
  ) async {
    try? await changes.wait(for: what, sourceLocation: sourceLocation, until: condition)
  }

  /// Suspends until the list is at rest: no page loading, and every row on screen showing its image's outcome.
  func waitUntilAtRest(sourceLocation: SourceLocation = #_sourceLocation) async {
    await wait("the list at rest", sourceLocation: sourceLocation) {
      !list.view.isLoading && !list.view.loadMore.isLoading
        && list.visible.allSatisfy { list.view.images[$0].map { !$0.isLoading } ?? false }
    }
  }

  /// The URL of the image at `position`.
  func url(_ position: Int) -> URL { feed[position].url }
}
