import EssentialFeed
import EssentialFeedAPI
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("The app's image loading")
@MainActor
struct ImageLoadingCompositionTests {
  @Test(
    "CL-3 the app's remote image loads run six at a time (--image-requests sets how many): 200 images, never more requests open, every one loads",
    arguments: [nil, 2])
  func remoteLoadsAreBounded(requests: Int?) async throws {
    let changes = StateChanges()
    let remote = ControlledImageLoader(changes: changes)
    let directory = FileManager.default.temporaryDirectory.appending(path: "CL-3-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let sut = FeedComposer(
      server: URL(string: "http://demo.test"), client: LoaderClient(loader: remote),
      storage: .fileSystem(in: directory, imageLimits: .app),
      imageRequests: requests ?? ConcurrencyLimitedFeedImageDataLoader.defaultMaximumConcurrentLoads
    ).imageLoader
    let urls = (0..<200).compactMap { URL(string: "http://demo.test/images/\($0)") }
    let loads = urls.map { url in Task { try await sut.loadImageData(from: url) } }

    var mostOpen = 0
    var answered = 0
    while answered < urls.count {
      let expected = min(requests ?? 6, urls.count - answered)
      try await changes.wait(for: "\(expected) requests open (\(answered) answered)") {
        remote.waitingURLs.count >= expected
      }
      let open = remote.waitingURLs
      mostOpen = max(mostOpen, open.count)
      for url in open { remote.complete(url, with: .success(Data(url.lastPathComponent.utf8))) }
      answered += open.count
    }

    #expect(mostOpen == (requests ?? 6))
    for (index, load) in loads.enumerated() { #expect(try await load.value == Data("\(index)".utf8)) }
    #expect(remote.requests.count == urls.count)
  }
}

/// An HTTP client whose every answer is the data `loader` loads for the URL, with status 200.
private struct LoaderClient: HTTPRequestClient {
  let loader: any FeedImageDataLoader

  func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    struct NoResponse: Error {}
    let url = request.url ?? URL(fileURLWithPath: "/")
    let data = try await loader.loadImageData(from: url)
    guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil) else {
      throw NoResponse()
    }
    return (data, response)
  }
}
