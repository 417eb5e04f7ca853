import EssentialFeedAPI
import EssentialFeedCache
import Foundation
import Testing

@testable import EssentialFeed

@Suite("Send pending likes: a server that cannot be reached")
struct LikeSynchronizerUnreachableSpecs {
  @Test(
    "LKS-11 a pass stops at the first action the server cannot be reached for: the others stay pending, so a pass costs one timeout, not one per action"
  )
  func stopsAtUnreachableServer() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    let actions = (0..<5).map {
      PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: Double($0)))
    }
    for action in actions { try await store.enqueue(action) }
    let sender = ScriptedSender { action in
      action == actions[0]
        ? .success(LikeState(imageID: action.imageID, liked: true))
        : .failure(RemoteLikeActionSender.Error.connectivity)
    }
    let sut = LikeSynchronizer(store: store, sender: sender, sleep: { _ in throw CancellationError() })

    #expect(await sut.sendPending() == LikeSynchronizer.Report(sent: 1, failed: 1, rejected: 0, pending: 4))
    #expect(sender.sent == Array(actions[0...1]), "no action was tried after the server could not be reached")
    #expect(try await store.pendingActions() == Array(actions[1...]))
  }

  @Test("LKS-11 only no answer at all is an unreachable server: an answer worth a retry (503) is not")
  func unreachableIsNoAnswer() {
    #expect(RemoteLikeActionSender.Error.connectivity.serverUnreachable)
    #expect(!RemoteLikeActionSender.Error.unavailable(statusCode: 503).serverUnreachable)
    #expect(!RemoteLikeActionSender.Error.invalidData.serverUnreachable)
  }
}
