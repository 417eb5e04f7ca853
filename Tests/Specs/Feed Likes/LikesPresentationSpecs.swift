import EssentialFeed
import EssentialFeedCache
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("Likes presentation")
@MainActor
struct LikesPresentationSpecs {
  @Test(
    "LK-1 the liked list shows the server's list with pending actions on top: a discard hides, a like adds or marks")
  func overlay() {
    let (a, b, c, d) = (image("a"), image("b"), image("c"), image("d"))
    let pending = [
      action(.discard, b, at: 1), action(.like, c, at: 2), action(.like, d, at: 3),
    ]
    let entries = LikedList.entries(server: [a, b, c], pending: pending, known: [d.id: d])

    #expect(entries.map(\.imageID) == [d.id, a.id, c.id])
    #expect(entries.map(\.pending) == [true, false, true])
    #expect(entries.first?.image == d)
    #expect(
      LikedList.entries(server: [a, c], pending: [], confirmed: [c.id, d.id]).map(\.imageID) == [d.id, a.id, c.id],
      "a confirmed image the list holds shows in it, once")
  }

  @Test(
    "LK-2 a like or discard is stored first, then shows at once, then is sent; a store failure shows and sends nothing")
  func actsOptimistically() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    let (a, b) = (image("a"), image("b"))
    let view = LikesViewSpy()
    let sends = Mutex(0)
    let sut = LikesController(
      store: store, loadLiked: { [a] }, send: { sends.withLock { $0 += 1 } }, view: view)
    await sut.load()

    try await sut.like(b)
    #expect(view.shown.last?.map(\.imageID) == [b.id, a.id])
    #expect(try await store.pendingActions().map(\.imageID) == [b.id])
    try await sut.discard(a.id)
    #expect(view.shown.last?.map(\.imageID) == [b.id])
    #expect(sends.withLock { $0 } == 2)

    let failing = LikesController(
      store: FailingPendingStore(), loadLiked: { [a] }, send: { sends.withLock { $0 += 1 } }, view: view)
    await failing.load()
    await #expect(throws: (any Error).self) { try await failing.like(b) }
    #expect(view.shown.last?.map(\.imageID) == [a.id])
    #expect(sends.withLock { $0 } == 2)
  }

  @Test("LK-3 the server's answer replaces the optimistic state; a refused action is reverted with a localized message")
  func answersAndRefusals() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    let (a, b) = (image("a"), image("b"))
    let view = LikesViewSpy()
    let sut = LikesController(store: store, loadLiked: { [a] }, send: {}, view: view)
    await sut.load()
    try await sut.like(b)
    let like = try #require(try await store.pendingActions().first)

    sut.handle(.answered(like, LikeState(imageID: b.id, liked: true)))
    #expect(sut.entries.map(\.pending) == [false, false])
    #expect(sut.entries.map(\.imageID) == [b.id, a.id])

    try await sut.discard(a.id)
    let discard = try #require(try await store.pendingActions().last)
    sut.handle(.rejected(discard, LikeActionRejected(statusCode: 403)))
    #expect(sut.entries.map(\.imageID) == [b.id, a.id], "the discard was reverted")
    #expect(view.messages.last == "The server refused to remove your like of this image: it was restored.")
  }

  @Test("LK-4 a failed load keeps the last list, with the pending actions on top, and says so")
  func failedLoad() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    let a = image("a")
    let online = Mutex(true)
    let view = LikesViewSpy()
    let sut = LikesController(
      store: store, loadLiked: { if online.withLock({ $0 }) { return [a] } else { throw URLError(.timedOut) } },
      send: {}, view: view)
    await sut.load()
    online.withLock { $0 = false }
    try await store.enqueue(action(.like, image("b"), at: 1))

    await sut.load()

    #expect(view.shown.last?.map(\.pending) == [true, false])
    #expect(view.messages.last == "Couldn't connect to server")
  }

  @Test(
    "LK-5 a confirmed like stays listed, details unknown or not, and an answer during a load outlives the older list")
  func answersOutliveLoads() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    let (a, b) = (image("a"), image("b"))
    let earlier = action(.like, b, at: 1)  // stored by an earlier run: its details are unknown here
    try await store.enqueue(earlier)
    let gate = Gate()
    let loads = Mutex(0)
    let loadStarted = StateChanges()
    let sut = LikesController(
      store: store,
      loadLiked: {
        let load = loads.withLock {
          $0 += 1
          return $0
        }
        loadStarted.changed()
        if load == 2 { await gate.wait() }
        return [a]
      }, send: {}, view: LikesViewSpy())
    await sut.load()
    sut.handle(.answered(earlier, LikeState(imageID: b.id, liked: true)))
    #expect(sut.entries.map(\.imageID) == [b.id, a.id])
    #expect(sut.entries.first?.pending == false)

    let reload = Task { await sut.load() }
    try await loadStarted.wait(for: "the second load of the liked list") { loads.withLock { $0 } == 2 }
    let discard = action(.discard, a, at: 2)
    sut.handle(.answered(discard, LikeState(imageID: a.id, liked: false)))  // answered while the list loads
    gate.open()
    await reload.value
    #expect(!sut.entries.map(\.imageID).contains(a.id), "the older list brought back a discarded image")
  }

  private func image(_ name: String) -> FeedImage {
    FeedImage(id: UUID(), description: name, location: nil, url: URL(fileURLWithPath: "/\(name).png"))
  }

  private func action(_ kind: PendingLikeAction.Kind, _ image: FeedImage, at time: Double) -> PendingLikeAction {
    PendingLikeAction(imageID: image.id, kind: kind, timestamp: Date(timeIntervalSinceReferenceDate: time))
  }
}

@MainActor
final class LikesViewSpy: LikesView {
  var shown: [[LikedEntry]] = []
  var messages: [String?] = []

  func display(_ entries: [LikedEntry]) { shown.append(entries) }
  func display(message: String?) { messages.append(message) }
}

struct FailingPendingStore: PendingLikeActionStore {
  func enqueue(_ action: PendingLikeAction) async throws { throw CocoaError(.fileWriteOutOfSpace) }
  func pendingActions() async throws -> [PendingLikeAction] { [] }
  func removeIfPending(_ action: PendingLikeAction) async throws -> Bool { false }
}
