import EssentialFeed
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

@Suite("The app's image loading")
@MainActor
struct ImageLoadingCompositionTests {
  @Test("CL-3 the app's remote image loads run six at a time: 200 images, never more requests open, every one loads")
  func remoteLoadsAreBounded() async throws {
    let changes = StateChanges()
    let remote = ControlledImageLoader(changes: changes)
    let sut = FeedComposer.imageLoader(local: NothingCached(), remote: remote, cache: NothingCached())
    let urls = (0..<200).compactMap { URL(string: "http://demo.test/images/\($0)") }
    let loads = urls.map { url in Task { try await sut.loadImageData(from: url) } }

    var mostOpen = 0
    var answered = 0
    while answered < urls.count {
      let expected = min(6, urls.count - answered)
      try await changes.wait(for: "\(expected) requests open (\(answered) answered)") {
        remote.waitingURLs.count >= expected
      }
      let open = remote.waitingURLs
      mostOpen = max(mostOpen, open.count)
      for url in open { remote.complete(url, with: .success(Data(url.lastPathComponent.utf8))) }
      answered += open.count
    }

    #expect(mostOpen == 6)
    for (index, load) in loads.enumerated() { #expect(try await load.value == Data("\(index)".utf8)) }
    #expect(remote.requests.count == urls.count)
  }
}

/// A local image source and cache holding nothing: every load goes to the remote.
private struct NothingCached: FeedImageDataLoader, FeedImageDataCache {
  struct Miss: Error {}

  func loadImageData(from url: URL) async throws -> Data { throw Miss() }
  func save(_ data: Data, for url: URL) async throws {}
}
