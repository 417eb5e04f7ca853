import EssentialFeedCache
import Foundation
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
