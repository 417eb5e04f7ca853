import EssentialFeedAPI
import FeedDemoServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Cancelling a request at the moment it completes: swift-corelibs-foundation's `URLSessionTask.cancel()` then
/// reports the cancel on its work queue after the task left the session's registry, and the process traps
/// ("Trying to access a behaviour for a task that in not in the registry", swiftlang/swift-corelibs-foundation#3296).
/// Scrolling `feed browse` fast cancels thousands of image loads a second, most of them just as they complete.
@Suite("HTTP client: cancel racing completion")
struct HTTPCancelRaceTests {
  @Test(
    "HTTP-9 cancelling requests just as they complete never crashes the process, on a session of its own or a given one",
    arguments: [true, false])
  func cancelRacingCompletion(ownSession: Bool) async throws {
    let server = try await DemoFeedServer.start(feed: DemoFeed(count: 8))
    let sut =
      ownSession
      ? URLSessionHTTPClient(configuration: .ephemeral)
      : URLSessionHTTPClient(session: URLSession(configuration: .ephemeral))
    let url = DemoFeed.imageURL(for: DemoFeed.item(at: 1).id, baseURL: server.baseURL)
    var (loaded, cancelled) = (0, 0)
    for round in 0..<3_000 {
      let request = Task { try await sut.get(from: url) }
      // A spread of moments, from before the request is sent to after its answer arrived.
      for _ in 0..<(round % 50) { await Task.yield() }
      if round % 4 == 0 { try await Task.sleep(for: .microseconds(round % 400)) }
      request.cancel()
      switch await request.result {
      case .success: loaded += 1
      case .failure(let error):
        #expect(error is CancellationError)
        cancelled += 1
      }
    }
    await server.stop()
    #expect(loaded > 0, "no request completed before its cancel: the moments missed the completion")
    #expect(cancelled > 0, "every request completed before its cancel: the moments missed the completion")
  }
}
