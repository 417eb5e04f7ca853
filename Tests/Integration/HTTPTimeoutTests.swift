import Foundation
import Testing

@testable import EssentialFeedAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The resource timeout is a dispatch timer: under load it can fire before the request's task has started.
@Suite("HTTP client: a timeout whenever it fires")
struct HTTPTimeoutTests {
  @Test("HTTP-11 a resource timeout that fires before its task starts is a timeout (URLError.timedOut), not a cancel")
  func timeoutBeforeStart() async throws {
    let task = URLSession(configuration: .ephemeral).dataTask(with: try #require(URL(string: "http://127.0.0.1:9")))
    let handle = DataTaskHandle()

    #expect(handle.timeOut() == nil)  // the timer fired first: nothing was running
    let error = await #expect(throws: URLError.self) {
      _ = try await withCheckedThrowingContinuation { continuation in
        #expect(!handle.start(task, continuation), "the task must not start once the request timed out")
      }
    }
    #expect(error?.code == .timedOut)
  }

  @Test("HTTP-11 a cancel that comes before the task starts is still a cancel (CancellationError)")
  func cancelBeforeStart() async throws {
    let task = URLSession(configuration: .ephemeral).dataTask(with: try #require(URL(string: "http://127.0.0.1:9")))
    let handle = DataTaskHandle()

    #expect(handle.cancel() == nil)
    await #expect(throws: CancellationError.self) {
      _ = try await withCheckedThrowingContinuation { continuation in
        #expect(!handle.start(task, continuation))
      }
    }
  }
}
