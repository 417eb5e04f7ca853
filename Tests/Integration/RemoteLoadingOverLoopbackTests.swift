import EssentialFeed
import EssentialFeedAPI
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Remote loading over loopback", .fixtureServer, .timeLimit(.minutes(1)))
struct RemoteLoadingOverLoopbackTests {
  private let client = URLSessionHTTPClient(session: URLSession(configuration: .ephemeral))

  @Test("RFL-2 over real HTTP: delivers exactly the fixture feed, nulls and absent keys mixed")
  func deliversFixtureFeed() async throws {
    let server = try FixtureServer.requireCurrent()
    let loader = RemoteFeedLoader(url: FeedEndpoint.get().url(baseURL: server.baseURL), client: client)

    let feed = try await loader.load()

    #expect(feed == server.feed.compactMap { $0.image() })
    #expect(feed.count >= 8)
  }

  @Test("RIL-2 over real HTTP: delivers the image bytes")
  func deliversImageData() async throws {
    let server = try FixtureServer.requireCurrent()
    let loader = RemoteFeedImageDataLoader(client: client)

    let data = try await loader.loadImageData(from: server.baseURL.appending(path: "images/3"))

    #expect(data == FixtureItem.imageData(named: "3"))
  }

  @Test("RFL-4 over real HTTP: 404 and 500 give invalidData", arguments: [404, 500])
  func invalidDataOnErrorStatus(code: Int) async throws {
    let server = try FixtureServer.requireCurrent()
    let loader = RemoteFeedLoader(url: server.baseURL.appending(path: "status/\(code)"), client: client)

    await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await loader.load() }
  }

  @Test("RIL-4 over real HTTP: 404 and 500 give invalidData", arguments: [404, 500])
  func imageInvalidDataOnErrorStatus(code: Int) async throws {
    let server = try FixtureServer.requireCurrent()
    let loader = RemoteFeedImageDataLoader(client: client)

    await #expect(throws: RemoteFeedImageDataLoader.Error.invalidData) {
      try await loader.loadImageData(from: server.baseURL.appending(path: "status/\(code)"))
    }
  }

  @Test("RFL-7 over real HTTP: a stopped server gives connectivity")
  func connectivityOnStoppedServer() async throws {
    let stopped = try await FixtureServer.start()
    await stopped.stop()
    let loader = RemoteFeedLoader(url: FeedEndpoint.get().url(baseURL: stopped.baseURL), client: client)

    await #expect(throws: RemoteFeedLoader.Error.connectivity) { try await loader.load() }
  }

  @Test("RIL-6 over real HTTP: cancelling a slow image load ends it with CancellationError")
  func cancellingSlowImageLoad() async throws {
    let server = try FixtureServer.requireCurrent()
    let loader = RemoteFeedImageDataLoader(client: client)

    // The server never answers /slow-image while the suite runs, so only cancellation can end this load.
    let received = server.slowImageRequests.count
    let task = Task { try await loader.loadImageData(from: server.baseURL.appending(path: "slow-image")) }
    try await server.slowImageRequests.wait(for: received + 1)
    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
