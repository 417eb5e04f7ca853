import EssentialFeed
import EssentialFeedAPI
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Load Feed Image Data From Remote", .leakChecked)
struct LoadFeedImageDataFromRemoteSpecs {
  @Test("RIL-1 requests nothing on creation, and the image URL on every load")
  func requestsImageURL() async throws {
    let url = anyURL()
    let (sut, client) = makeSUT()
    #expect(client.requestedURLs.isEmpty)

    client.stub(.success(anyData(), httpResponse(statusCode: 200)))
    _ = try await sut.loadImageData(from: url)
    _ = try await sut.loadImageData(from: url)

    #expect(client.requestedURLs == [url, url])
  }

  @Test("RIL-2 delivers the received bytes on a 200 response with a non-empty body")
  func deliversData() async throws {
    let data = Data((0..<1024).map { UInt8($0 % 256) })
    let (sut, client) = makeSUT()
    client.stub(.success(data, httpResponse(statusCode: 200)))

    #expect(try await sut.loadImageData(from: anyURL()) == data)
  }

  @Test("RIL-3 fails with invalidData on a 200 response with an empty body")
  func invalidDataOnEmptyBody() async throws {
    let (sut, client) = makeSUT()
    client.stub(.success(Data(), httpResponse(statusCode: 200)))

    await #expect(throws: RemoteFeedImageDataLoader.Error.invalidData) { try await sut.loadImageData(from: anyURL()) }
  }

  @Test("RIL-4 fails with invalidData on any status other than 200", arguments: [199, 201, 300, 304, 400, 404, 500])
  func invalidDataOnNon200(statusCode: Int) async throws {
    let (sut, client) = makeSUT()
    client.stub(.success(anyData(), httpResponse(statusCode: statusCode)))

    await #expect(throws: RemoteFeedImageDataLoader.Error.invalidData) { try await sut.loadImageData(from: anyURL()) }
  }

  @Test("RIL-5 fails with connectivity on a transport error")
  func connectivityOnClientError() async throws {
    let (sut, client) = makeSUT()
    client.stub(.failure(anyNSError()))

    await #expect(throws: RemoteFeedImageDataLoader.Error.connectivity) {
      try await sut.loadImageData(from: anyURL())
    }
  }

  @Test(
    "RIL-6 cancelling the load cancels the request and delivers CancellationError, whatever the client answers",
    arguments: [
      Result<(Data, HTTPURLResponse), any Error>.failure(CancellationError()),
      .failure(anyNSError()),
      .success((anyData(), httpResponse(statusCode: 200))),
      .success((Data(), httpResponse(statusCode: 404))),
    ]
  )
  func cancellation(clientAnswer: Result<(Data, HTTPURLResponse), any Error>) async throws {
    let url = anyURL()
    let (sut, client) = makeSUT()
    client.stub(.waitForCancellation(then: clientAnswer))

    let task = Task { try await sut.loadImageData(from: url) }
    try await client.waitForRequests()
    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(client.messages == [.get(url), .cancelled(url)])
  }

  @Test("RIL-6 delivers CancellationError without a request when the task is already cancelled")
  func alreadyCancelled() async throws {
    let (sut, client) = makeSUT()
    client.stub(.success(anyData(), httpResponse(statusCode: 200)))

    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await sut.loadImageData(from: anyURL())
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(client.requestedURLs.isEmpty)
  }

  // MARK: - Helpers

  private func makeSUT() -> (sut: RemoteFeedImageDataLoader, client: HTTPClientSpy) {
    let client = HTTPClientSpy()
    trackForMemoryLeaks(client)
    return (RemoteFeedImageDataLoader(client: client), client)
  }
}
