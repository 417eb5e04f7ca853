import EssentialFeedAPI
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("URLSession HTTP Client", .leakChecked)
struct URLSessionHTTPClientSpecs {
  @Test("HTTP-1 performs one GET request with the given URL")
  func performsGET() async throws {
    let url = anyURL()
    URLProtocolStub.stub(url: url, data: anyData(), response: httpResponse(statusCode: 200, url: url), error: nil)

    _ = try await makeSUT().get(from: url)

    let requests = URLProtocolStub.observedRequests(for: url)
    #expect(requests.map(\.url) == [url])
    #expect(requests.map(\.httpMethod) == ["GET"])
  }

  @Test("HTTP-2 delivers the data and the response of an HTTP response", arguments: [Data(), anyData()])
  func deliversDataAndResponse(data: Data) async throws {
    let url = anyURL()
    URLProtocolStub.stub(url: url, data: data, response: httpResponse(statusCode: 201, url: url), error: nil)

    let (receivedData, receivedResponse) = try await makeSUT().get(from: url)

    #expect(receivedData == data)
    #expect(receivedResponse.statusCode == 201)
    #expect(receivedResponse.url == url)
  }

  @Test("HTTP-3 fails on a request error")
  func failsOnRequestError() async throws {
    let url = anyURL()
    URLProtocolStub.stub(url: url, data: nil, response: nil, error: URLError(.notConnectedToInternet))

    let error = await #expect(throws: URLError.self) { try await makeSUT().get(from: url) }
    #expect(error?.code == .notConnectedToInternet)
  }

  @Test("HTTP-4 fails on every invalid combination of data, response and error", arguments: InvalidCase.allCases)
  func failsOnInvalidRepresentations(_ invalid: InvalidCase) async throws {
    let url = anyURL()
    let (data, response, error) = invalid.values(for: url)
    URLProtocolStub.stub(url: url, data: data, response: response, error: error)

    let thrown = await #expect(throws: (any Error).self) { try await makeSUT().get(from: url) }

    if error != nil {
      #expect(
        (thrown as? URLError)?.code == .badServerResponse, "not the session's error: \(String(describing: thrown))")
    } else {
      #expect(thrown as? URLSessionHTTPClient.Error == .nonHTTPResponse)
    }
  }

  @Test("HTTP-5 cancelling the task cancels the request and delivers CancellationError")
  func cancellingTaskCancelsRequest() async throws {
    let url = anyURL()
    URLProtocolStub.stubPendingUntilCancelled(url: url)
    let sut = makeSUT()

    let task = Task { try await sut.get(from: url) }
    try await URLProtocolStub.waitForRequest(to: url)
    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    try await URLProtocolStub.waitForStop(of: url)
  }

  @Test("HTTP-5 delivers CancellationError without a request when the task is already cancelled")
  func alreadyCancelled() async throws {
    let url = anyURL()
    URLProtocolStub.stub(url: url, data: anyData(), response: httpResponse(statusCode: 200, url: url), error: nil)
    let sut = makeSUT()

    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await sut.get(from: url)
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(URLProtocolStub.observedRequests(for: url).isEmpty)
  }

  @Test("HTTP-6 a URLError(.cancelled) from the session surfaces as CancellationError")
  func urlErrorCancelledIsCancellation() async throws {
    let url = anyURL()
    URLProtocolStub.stub(url: url, data: nil, response: nil, error: URLError(.cancelled))

    await #expect(throws: CancellationError.self) { try await makeSUT().get(from: url) }
  }

  // MARK: - Helpers

  enum InvalidCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case nothing, nonHTTPResponse, dataOnly, dataAndError, nonHTTPResponseAndError, httpResponseAndError
    case dataNonHTTPResponseAndError, dataHTTPResponseAndError, dataAndNonHTTPResponse

    var testDescription: String { rawValue }

    func values(for url: URL) -> (Data?, URLResponse?, (any Error)?) {
      let nonHTTP = URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
      let http = httpResponse(statusCode: 200, url: url)
      let error = URLError(.badServerResponse)
      switch self {
      case .nothing: return (nil, nil, nil)
      case .nonHTTPResponse: return (nil, nonHTTP, nil)
      case .dataOnly: return (anyData(), nil, nil)
      case .dataAndError: return (anyData(), nil, error)
      case .nonHTTPResponseAndError: return (nil, nonHTTP, error)
      case .httpResponseAndError: return (nil, http, error)
      case .dataNonHTTPResponseAndError: return (anyData(), nonHTTP, error)
      case .dataHTTPResponseAndError: return (anyData(), http, error)
      case .dataAndNonHTTPResponse: return (anyData(), nonHTTP, nil)
      }
    }
  }

  private func makeSUT() -> URLSessionHTTPClient {
    let sut = URLSessionHTTPClient(session: URLProtocolStub.makeSession())
    trackForMemoryLeaks(sut)
    return sut
  }
}
