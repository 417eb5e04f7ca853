import EssentialFeed
import EssentialFeedAPI
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One retry rule by status, applied where the status is known: the HTTP client. A loader on it fails only after the
/// last attempt, and its error needs no side channel to say whether asking again could help.
@Suite("Asking again for answers worth a retry", .leakChecked)
struct RetryingHTTPClientSpecs {
  @Test(
    "RTY-1 an answer worth a retry (408, 429, 5xx) is asked for again, and the first other answer delivered",
    arguments: [408, 429, 500, 502, 503, 599])
  func answerWorthARetryIsAskedAgain(status: Int) async throws {
    let (sut, server) = makeSUT(answers: [status, 200], attempts: 3)

    let (_, response) = try await sut.get(from: anyURL())

    #expect(response.statusCode == 200)
    #expect(server.requests == 2)
  }

  @Test("RTY-2 after as many answers worth a retry as attempts, the last one is delivered, and no more asked")
  func lastAnswerAfterEveryAttempt() async throws {
    let (sut, server) = makeSUT(answers: [500, 502, 503, 200], attempts: 3)

    let (_, response) = try await sut.get(from: anyURL())

    #expect(response.statusCode == 503)
    #expect(server.requests == 3)
  }

  @Test(
    "RTY-3 any other status is the server's answer, delivered at once", arguments: [200, 201, 304, 400, 404, 499, 600])
  func otherStatusIsDeliveredAtOnce(status: Int) async throws {
    let (sut, server) = makeSUT(answers: [status, 200], attempts: 3)

    let (_, response) = try await sut.get(from: anyURL())

    #expect(response.statusCode == status)
    #expect(server.requests == 1)
  }

  @Test("RTY-4 no answer at all is delivered at once, and fewer than one attempt is one")
  func transportErrorIsDeliveredAtOnce() async throws {
    let (unreachable, server) = makeSUT(answers: [], attempts: 3)
    await #expect(throws: AnyError.self) { try await unreachable.get(from: anyURL()) }
    #expect(server.requests == 1)

    let (once, onceServer) = makeSUT(answers: [503, 200], attempts: 0)
    #expect(try await once.get(from: anyURL()).1.statusCode == 503)
    #expect(onceServer.requests == 1)
  }

  @Test("RTY-5 a cancelled load asks no more: CancellationError, not the answer worth a retry")
  func cancelledLoadAsksNoMore() async throws {
    let server = AnswerSequence(answers: [503, 200], cancellingTheCaller: true)
    let sut = RetryingHTTPClient(decorating: server, attempts: 3)

    await #expect(throws: CancellationError.self) { try await sut.get(from: anyURL()) }
    #expect(server.requests == 1)
  }

  @Test("RTY-6 a remote feed loader on it delivers the feed after a 503, and invalidData after three")
  func remoteFeedLoaderRetries() async throws {
    let item = makeItem()
    let recovering = AnswerSequence(answers: [503, 200], body: makeItemsJSON([item.json]))
    let feed = try await RemoteFeedLoader(
      url: anyURL(), client: RetryingHTTPClient(decorating: recovering, attempts: 3)
    )
    .load()
    #expect(feed == [item.model])

    let failing = AnswerSequence(answers: [503, 503, 503, 200], body: makeItemsJSON([]))
    let loader = RemoteFeedLoader(url: anyURL(), client: RetryingHTTPClient(decorating: failing, attempts: 3))
    await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await loader.load() }
    #expect(failing.requests == 3)
  }

  @Test("RTY-7 the rule: 408, 429 and 5xx are worth a retry; no other status is")
  func rule() {
    let worth = (100..<700).filter(HTTPRetryRule.isWorthARetry(statusCode:))
    #expect(worth == [408, 429] + Array(500..<600))
  }

  private func makeSUT(answers: [Int], attempts: Int) -> (RetryingHTTPClient, AnswerSequence) {
    let server = AnswerSequence(answers: answers)
    trackForMemoryLeaks(server)
    return (RetryingHTTPClient(decorating: server, attempts: attempts), server)
  }
}

/// A server that answers each request with the next status of a list (and `body`), and fails the transport once the
/// list is spent; it counts the requests. With `cancellingTheCaller`, each request cancels the task that made it.
private final class AnswerSequence: HTTPClient {
  private let state: Mutex<(answers: [Int], requests: Int)>
  private let body: Data
  private let cancellingTheCaller: Bool

  init(answers: [Int], body: Data = Data(), cancellingTheCaller: Bool = false) {
    state = Mutex((answers, 0))
    self.body = body
    self.cancellingTheCaller = cancellingTheCaller
  }

  var requests: Int { state.withLock { $0.requests } }

  func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    if cancellingTheCaller { withUnsafeCurrentTask { $0?.cancel() } }
    let status: Int? = state.withLock { state in
      state.requests += 1
      return state.answers.isEmpty ? nil : state.answers.removeFirst()
    }
    guard let status else { throw AnyError() }
    return (body, httpResponse(statusCode: status, url: url))
  }
}
