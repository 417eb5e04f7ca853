import EssentialFeed
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import EssentialFeed

/// Downloaded images wait for a slow local cache in a bounded queue, not in their loads: memory stays within the
/// limits however slow the cache, a failing cache costs one wait, and a URL is saved once.
@Suite("Saving images through a bounded queue")
struct SaveQueueSpecs {
  @Test("SQ-1 a save returns once queued; the cache saves in turn; a queued URL loads from the queue, then the cache")
  func savesInTurn() async throws {
    let cache = GatedImageCache()
    let sut = FeedImageDataSaveQueue(decorating: cache, capacity: 3)
    let (a, b) = (URL(fileURLWithPath: "/a"), URL(fileURLWithPath: "/b"))

    await sut.save(Data("a".utf8), for: a)
    await sut.save(Data("b".utf8), for: b)
    try await cache.changes.wait(for: "the first save") { cache.saveRequests == [a] }

    #expect(try await sut.loadImageData(from: a) == Data("a".utf8))
    #expect(try await sut.loadImageData(from: b) == Data("b".utf8))
    cache.completeSave(with: nil)
    try await cache.changes.wait(for: "the second save") { cache.saveRequests == [a, b] }
    cache.completeSave(with: nil)
    await sut.waitUntilSaved()

    #expect(cache.saved == [a: Data("a".utf8), b: Data("b".utf8)])
    #expect(try await sut.loadImageData(from: a) == Data("a".utf8))
    await #expect(throws: GatedImageCache.NotFound.self) {
      try await sut.loadImageData(from: URL(fileURLWithPath: "/c"))
    }
  }

  @Test(
    "SQ-2 with a stuck cache, at most capacity images wait and the request limiter's loads hold their slots: capacity + requests downloaded, not all"
  )
  func boundedWhileTheCacheIsStuck() async throws {
    let (cache, remote) = (GatedImageCache(), InstantRemote())
    let queue = FeedImageDataSaveQueue(decorating: cache, capacity: 2)
    let changes = cache.changes
    queue.observe(changes.changed)
    remote.observe(changes.changed)
    let sut = composedPipeline(remote: remote, queue: queue, requests: 3)
    let urls = (0..<20).map { URL(fileURLWithPath: "/image/\($0)") }

    let loads = urls.map { url in Task { try await sut.loadImageData(from: url) } }
    try await changes.wait(for: "three loads waiting for room behind a stuck save") {
      cache.saveRequests.count == 1 && queue.waitingForRoom == 3
    }

    #expect(remote.requests.count == 5, "downloaded while the cache saved nothing: \(remote.requests.count)")
    #expect(queue.mostHeld == 2)
    for index in urls.indices {
      try await changes.wait(for: "save \(index + 1)") { cache.saveRequests.count == index + 1 }
      cache.completeSave(with: nil)
    }
    for load in loads { _ = try await load.value }
    await queue.waitUntilSaved()
    #expect(Set(cache.saved.keys) == Set(urls))
    #expect(queue.mostHeld == 2)
  }

  @Test("SQ-3 a failed save drops the images queued and skips every later save: one wait, not one per image")
  func failingCacheCostsOneWait() async throws {
    let (cache, remote) = (GatedImageCache(), InstantRemote())
    let queue = FeedImageDataSaveQueue(decorating: cache, capacity: 2)
    let changes = cache.changes
    queue.observe(changes.changed)
    let sut = composedPipeline(remote: remote, queue: queue, requests: 3)
    let urls = (0..<20).map { URL(fileURLWithPath: "/image/\($0)") }

    let loads = urls.map { url in Task { try await sut.loadImageData(from: url) } }
    try await changes.wait(for: "loads waiting behind a stuck save") {
      cache.saveRequests.count == 1 && queue.waitingForRoom == 3
    }
    cache.completeSave(with: GatedImageCache.Busy())

    for (load, url) in zip(loads, urls) { #expect(try await load.value == Data(url.path.utf8)) }
    await queue.waitUntilSaved()
    #expect(cache.saveRequests.count == 1, "the failing cache was asked \(cache.saveRequests.count) times")
    #expect(queue.hasFailed)
  }

  @Test("SQ-4 one URL, one save: many loads of a shared URL download it once and save it once")
  func oneSavePerURL() async throws {
    let (cache, remote) = (GatedImageCache(), InstantRemote())
    let queue = FeedImageDataSaveQueue(decorating: cache, capacity: 4)
    let url = URL(fileURLWithPath: "/shared")
    let sut = CoalescingFeedImageDataLoader(
      decorating: FeedImageDataLoaderWithFallbackComposite(
        primary: queue, fallback: composedPipeline(remote: remote, queue: queue, requests: 2)))

    let more = (0..<50).map { _ in Task { try await sut.loadImageData(from: url) } }
    for load in more { #expect(try await load.value == Data(url.path.utf8)) }
    try await cache.changes.wait(for: "the save") { cache.saveRequests.count == 1 }
    cache.completeSave(with: nil)
    await queue.waitUntilSaved()
    _ = try await sut.loadImageData(from: url)

    #expect(remote.requests == [url])
    #expect(cache.saveRequests == [url])
  }

  @Test("SQ-5 cancel course: a save cancelled while it waits for room saves nothing and returns at once")
  func cancelledWhileWaiting() async throws {
    let cache = GatedImageCache()
    let queue = FeedImageDataSaveQueue(decorating: cache, capacity: 1)
    queue.observe(cache.changes.changed)
    await queue.save(Data("a".utf8), for: URL(fileURLWithPath: "/a"))
    let waiting = Task { await queue.save(Data("b".utf8), for: URL(fileURLWithPath: "/b")) }
    try await cache.changes.wait(for: "a save waiting for room") { queue.waitingForRoom == 1 }

    waiting.cancel()
    await waiting.value
    cache.completeSave(with: nil)
    await queue.waitUntilSaved()

    #expect(cache.saveRequests == [URL(fileURLWithPath: "/a")])
  }

  /// The app's remote images: the request limiter around the caching decorator, which saves through the queue.
  private func composedPipeline(
    remote: any FeedImageDataLoader, queue: FeedImageDataSaveQueue, requests: Int
  ) -> any FeedImageDataLoader {
    ConcurrencyLimitedFeedImageDataLoader(
      decorating: FeedImageDataLoaderCacheDecorator(decoratee: remote, cache: queue), maximumConcurrentLoads: requests)
  }
}

/// A local image cache whose saves each wait for the test: a cache as slow as the test says.
final class GatedImageCache: FeedImageDataLoader, FeedImageDataCache {
  struct NotFound: Error {}
  struct Busy: Error {}

  private struct State {
    var saved: [URL: Data] = [:]
    var saveRequests: [URL] = []
    var gate: CheckedContinuation<(any Error)?, Never>?
  }

  private let state = Mutex(State())
  let changes = StateChanges()

  var saved: [URL: Data] { state.withLock { $0.saved } }
  var saveRequests: [URL] { state.withLock { $0.saveRequests } }

  func loadImageData(from url: URL) async throws -> Data {
    guard let data = state.withLock({ $0.saved[url] }) else { throw NotFound() }
    return data
  }

  func save(_ data: Data, for url: URL) async throws {
    let failure = await withCheckedContinuation { continuation in
      state.withLock {
        $0.saveRequests.append(url)
        $0.gate = continuation
      }
      changes.changed()
    }
    if let failure { throw failure }
    state.withLock { $0.saved[url] = data }
    changes.changed()
  }

  /// Ends the save waiting now: saved, or failed with `error`.
  func completeSave(with error: (any Error)?) {
    state.withLock { state in
      defer { state.gate = nil }
      return state.gate
    }?.resume(returning: error)
  }
}

/// A remote that answers at once with the URL's path as the data, recording each request.
final class InstantRemote: FeedImageDataLoader {
  private let state = Mutex<(requests: [URL], observer: (@Sendable () -> Void)?)>(([], nil))

  var requests: [URL] { state.withLock { $0.requests } }

  func observe(_ observer: @escaping @Sendable () -> Void) { state.withLock { $0.observer = observer } }

  func loadImageData(from url: URL) async throws -> Data {
    let observer = state.withLock { state in
      state.requests.append(url)
      return state.observer
    }
    observer?()
    return Data(url.path.utf8)
  }
}
