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
      // Every tenth cancel comes after the answer (so some requests surely load); the others after 0 to 49 yields,
      // or more, spread from before the request is sent to about when its answer arrives: events, not delays.
      if round % 10 == 9 {
        _ = await request.result
      } else {
        for _ in 0..<(round % 4 == 0 ? round % 400 : round % 50) { await Task.yield() }
      }
      request.cancel()
      switch await request.result {
      case .success: loaded += 1
      case .failure(let error):
        #expect(error is CancellationError)
        cancelled += 1
      }
    }
    await server.stop()
    #expect(loaded >= 300, "\(loaded) requests completed before their cancel: fewer than the 300 cancelled after it")
    #expect(cancelled > 0, "every request completed before its cancel: the moments missed the completion")
  }
}
