import EssentialFeedCache
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import EssentialFeed

@Suite("Send pending likes: who owns the synchronizer")
struct LikeSynchronizerOwnershipSpecs {
  @Test("LKS-12 a scheduled retry does not keep the synchronizer alive: released, it goes, and its retry is cancelled")
  func retryDoesNotRetain() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    try await store.enqueue(PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date()))
    let (sleepEnded, ended) = AsyncStream.makeStream(of: Void.self)
    let sender = ScriptedSender { _ in .failure(URLError(.timedOut)) }
    weak var released: LikeSynchronizer?
    do {
      let sut = LikeSynchronizer(
        store: store, sender: sender,
        sleep: { _ in
          await suspendUntilCancelled()
          ended.yield()
          throw CancellationError()
        })
      released = sut
      #expect(await sut.sendPending().failed == 1)
      #expect(await sut.isRetryScheduled)
    }

    #expect(released == nil, "the retry's task kept the synchronizer alive")
    guard released == nil else { return }  // its retry then waits forever: nothing to wait for
    var sleeps = sleepEnded.makeAsyncIterator()
    #expect(await sleeps.next() != nil, "the retry's wait ended when the synchronizer went")
  }
}

@Suite("Send pending likes: the pass lock")
struct LikeSynchronizerPassLockSpecs {
  @Test("LKS-13 every pass runs holding the pass lock; a lock that cannot be taken fails the pass, which sends nothing")
  func passesHoldTheLock() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    try await store.enqueue(PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date()))
    let lock = RecordingPassLock()
    let sender = ScriptedSender { action in
      #expect(lock.isHeld, "an action was sent without the pass lock")
      return .success(LikeState(imageID: action.imageID, liked: true))
    }
    let sut = LikeSynchronizer(store: store, sender: sender, passLock: lock)

    #expect(await sut.sendPending() == LikeSynchronizer.Report(sent: 1, pending: 0))
    #expect(lock.passes == 1 && !lock.isHeld)

    try await store.enqueue(PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date()))
    lock.refuse = true
    let refused = LikeSynchronizer(
      store: store, sender: sender, sleep: { _ in throw CancellationError() }, passLock: lock)
    #expect(await refused.sendPending() == LikeSynchronizer.Report(failed: 1, pending: 1))
    #expect(sender.sent.count == 1, "nothing was sent without the lock")
  }
}

/// A pass lock that records whether it is held, and can refuse to be taken.
final class RecordingPassLock: LikePassLock {
  private let state = Mutex((held: false, passes: 0, refuse: false))

  var isHeld: Bool { state.withLock { $0.held } }
  var passes: Int { state.withLock { $0.passes } }
  var refuse: Bool {
    get { state.withLock { $0.refuse } }
    set { state.withLock { $0.refuse = newValue } }
  }

  func holding<T: Sendable>(_ pass: @Sendable () async -> T) async throws -> T {
    guard !refuse else { throw CocoaError(.fileLocking) }
    state.withLock {
      $0.held = true
      $0.passes += 1
    }
    defer { state.withLock { $0.held = false } }
    return await pass()
  }
}
