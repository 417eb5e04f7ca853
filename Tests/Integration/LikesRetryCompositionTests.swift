import EssentialFeed
import EssentialFeedAPI
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FeedCLI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Whether a pass that could not send every like schedules the next is the command's policy, not the root's: a
/// one-shot command leaves them pending for the next command, `feed browse` sends them again on its own.
@Suite("The likes' retries, by command")
struct LikesRetryCompositionTests {
  @Test(
    "LKA-9 browse's synchronizer sends a like again on its own after a pass the server failed; a one-shot command's leaves it pending"
  )
  func browseRetriesOneShotDoesNot() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let server = LikeServer(failing: 2)
      let composer = FeedComposer(
        server: URL(string: "http://demo.test"), client: server,
        storage: .sqlite(in: directory, imageLimits: .app))
      let action = PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date())
      try await composer.storage.pendingLikes.enqueue(action)

      let oneShot = await composer.likeSynchronizer(retrying: false).sendPending()
      #expect(oneShot.failed == 1)
      #expect(
        try await composer.storage.pendingLikes.pendingActions() == [action], "a one-shot command leaves it pending")

      let (events, relay) = AsyncStream.makeStream(of: LikeSynchronizer.Event.self)
      let browse = composer.likeSynchronizer(retrying: true) { relay.yield($0) }
      #expect(await browse.sendPending().failed == 1)
      var answered: [PendingLikeAction] = []
      for await event in events {
        guard case .answered(let sent, _) = event else { continue }
        answered.append(sent)
        break
      }

      #expect(answered == [action], "sent again after a backoff, with no one asking")
      #expect(try await composer.storage.pendingLikes.pendingActions() == [])
      #expect(server.requests == 3)
      await browse.stop()
    }
  }
}

/// A server that answers the like's POST with 503 `failing` times, then accepts it.
private final class LikeServer: HTTPRequestClient {
  private let state: Mutex<(failing: Int, requests: Int)>

  init(failing: Int) {
    state = Mutex((failing, 0))
  }

  var requests: Int { state.withLock { $0.requests } }

  func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    let url = request.url ?? URL(fileURLWithPath: "/")
    let fails = state.withLock { state in
      state.requests += 1
      defer { state.failing -= 1 }
      return state.failing > 0
    }
    let id = url.pathComponents.first { UUID(uuidString: $0) != nil } ?? ""
    let body = fails ? Data() : Data(#"{"id": "\#(id)", "liked": true}"#.utf8)
    let status = fails ? 503 : 200
    guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil) else {
      throw URLError(.badServerResponse)
    }
    return (body, response)
  }
}
