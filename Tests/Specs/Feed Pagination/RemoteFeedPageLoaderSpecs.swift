import EssentialFeed
import EssentialFeedAPI
import Foundation
import Testing

@Suite("Remote feed pages")
struct RemoteFeedPageLoaderSpecs {
  @Test("PG-6 a page is GET <base>/v1/feed?limit=N&after_id=<last id>; a page longer than the limit is delivered whole")
  func requestsThePageAfterTheLastImage() async throws {
    let items = (0..<5).map { _ in makeItem() }
    let client = HTTPClientSpy(stub: .success(makeItemsJSON(items.map(\.json)), httpResponse(statusCode: 200)))
    let base = try #require(URL(string: "https://api.example.com/root"))
    let sut = RemoteFeedPageLoader(baseURL: base, client: client, limit: 2)
    let last = uniqueImage()

    let first = try await sut.loadPage(after: nil)
    let next = try await sut.loadPage(after: last)

    #expect(first == items.map(\.model))
    #expect(next == items.map(\.model))
    #expect(
      client.requestedURLs.map(\.absoluteString) == [
        "https://api.example.com/root/v1/feed?limit=2",
        "https://api.example.com/root/v1/feed?limit=2&after_id=\(last.id.uuidString)",
      ])
  }

  @Test("PG-7 a later page that fails delivers the remote loader's error: connectivity, or invalid data")
  func laterPageErrors() async throws {
    let offline = RemoteFeedPageLoader(baseURL: anyURL(), client: HTTPClientSpy(stub: .failure(AnyError())))
    let invalid = RemoteFeedPageLoader(
      baseURL: anyURL(), client: HTTPClientSpy(stub: .success(Data("{}".utf8), httpResponse(statusCode: 200))))

    await #expect(throws: RemoteFeedLoader.Error.connectivity) { try await offline.loadPage(after: uniqueImage()) }
    await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await invalid.loadPage(after: uniqueImage()) }
  }
}
