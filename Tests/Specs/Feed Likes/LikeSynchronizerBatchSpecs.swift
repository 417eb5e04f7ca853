import EssentialFeedCache
import Foundation
import Synchronization
import Testing

@testable import EssentialFeed

@Suite("Send pending likes: answers removed in batches")
struct LikeSynchronizerBatchSpecs {
  @Test("LKS-14 a pass removes its answers in batches of 64, one store call each, refusals with the answers")
  func removesAnswersInBatches() async throws {
    let actions = (0..<130).map {
      PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: Double($0)))
    }
    let store = BatchRecordingStore()
    for action in actions { await store.enqueue(action) }
    let sender = ScriptedSender { action in
      action == actions[1]
        ? .failure(LikeActionRejected(statusCode: 404)) : .success(LikeState(imageID: action.imageID, liked: true))
    }
    let sut = LikeSynchronizer(store: store, sender: sender)

    #expect(await sut.sendPending() == LikeSynchronizer.Report(sent: 129, failed: 0, rejected: 1, pending: 0))
    #expect(
      await store.messages == [
        .list, .remove(Array(actions[0..<64])), .remove(Array(actions[64..<128])), .remove(Array(actions[128...])),
        .list,
      ])
  }

  @Test("LKS-14 a batch that cannot be removed leaves each of its actions pending, counted as failed, none told")
  func failedBatchKeepsItsActions() async throws {
    let actions = (0..<3).map {
      PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: Double($0)))
    }
    let store = BatchRecordingStore(failingRemovals: true)
    for action in actions { await store.enqueue(action) }
    let events = EventLog()
    let sender = ScriptedSender { .success(LikeState(imageID: $0.imageID, liked: true)) }
    let sut = LikeSynchronizer(
      store: store, sender: sender, sleep: { _ in throw CancellationError() }, onEvent: { events.append($0) })

    #expect(await sut.sendPending() == LikeSynchronizer.Report(sent: 0, failed: 3, rejected: 0, pending: 3))
    #expect(await store.pendingActions() == actions)
    #expect(events.all.isEmpty)
  }
}

/// An in-memory store that records the calls a synchronizer makes; its removals can be made to fail.
private actor BatchRecordingStore: PendingLikeActionStore {
  enum Message: Equatable {
    case list
    case remove([PendingLikeAction])
  }

  private let store = InMemoryFeedStore()
  private let failingRemovals: Bool
  private(set) var messages: [Message] = []

  init(failingRemovals: Bool = false) { self.failingRemovals = failingRemovals }

  func enqueue(_ action: PendingLikeAction) async { await store.enqueue(action) }

  func pendingActions() async -> [PendingLikeAction] {
    messages.append(.list)
    return await store.pendingActions()
  }

  func removeIfPending(_ action: PendingLikeAction) async throws -> Bool {
    try await removeIfPending([action]) == [action]
  }

  func removeIfPending(_ actions: [PendingLikeAction]) async throws -> [PendingLikeAction] {
    messages.append(.remove(actions))
    if failingRemovals { throw DiskFull() }
    return try await store.removeIfPending(actions)
  }
}

private struct DiskFull: Error {}

/// The events a synchronizer told, in order.
private final class EventLog: Sendable {
  private let events = Mutex<[LikeSynchronizer.Event]>([])
  var all: [LikeSynchronizer.Event] { events.withLock { $0 } }
  func append(_ event: LikeSynchronizer.Event) { events.withLock { $0.append(event) } }
}
