import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

@Suite("Load Feed From Cache", .leakChecked)
struct LoadFeedFromCacheSpecs {
  @Test("LFC-1 does not message the store on creation")
  func noMessagesOnCreation() {
    let (_, store) = makeSUT()

    #expect(store.messages.isEmpty)
  }

  @Test("LFC-2 delivers the cached images, in order, on a cache less than 7 days old")
  func deliversCachedImagesOnValidCache() async throws {
    let feed = uniqueFeed()
    let timestamp = fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: 1)
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(CachedFeed(feed: feed.local, timestamp: timestamp)))

    #expect(try await sut.load() == feed.models)
  }

  @Test(
    "LFC-3 delivers no images on a cache 7 days old or more",
    arguments: [0, -1, -0.001, -86_400 * 30] as [TimeInterval]
  )
  func deliversNoImagesOnExpiredCache(secondsFromMaxAge: TimeInterval) async throws {
    let timestamp = fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: secondsFromMaxAge)
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(CachedFeed(feed: uniqueFeed().local, timestamp: timestamp)))

    #expect(try await sut.load() == [])
  }

  @Test(
    "LFC-8 delivers no images on a cache timestamped more than a day in the future",
    arguments: [86_400.001, 86_400 * 365, .infinity, .nan] as [TimeInterval])
  func deliversNoImagesOnFutureCache(secondsAhead: TimeInterval) async throws {
    let (sut, store) = makeSUT()
    let timestamp = fixedCurrentDate.adding(seconds: secondsAhead)
    store.stubRetrieval(.success(CachedFeed(feed: uniqueFeed().local, timestamp: timestamp)))

    #expect(try await sut.load() == [])
  }

  @Test("LFC-9 delivers the cached images on a cache up to a day in the future (a clock a little behind)")
  func deliversImagesOnSlightlyFutureCache() async throws {
    let feed = uniqueFeed()
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(CachedFeed(feed: feed.local, timestamp: fixedCurrentDate.adding(seconds: 86_400))))

    #expect(try await sut.load() == feed.models)
  }

  @Test("LFC-4 delivers no images on an empty cache")
  func deliversNoImagesOnEmptyCache() async throws {
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(nil))

    #expect(try await sut.load() == [])
  }

  @Test("LFC-5 delivers the store's error on a retrieval error")
  func deliversRetrievalError() async throws {
    let error = AnyError()
    let (sut, store) = makeSUT()
    store.stubRetrieval(.failure(error))

    await #expect(throws: error) { try await sut.load() }
  }

  @Test(
    "LFC-6 only retrieves, on every path: valid, expired, empty, retrieval error", arguments: RetrievalCase.allCases)
  func hasNoSideEffects(_ retrieval: RetrievalCase) async throws {
    let (sut, store) = makeSUT()
    store.stubRetrieval(retrieval.result)

    _ = try? await sut.load()

    #expect(store.messages == [.retrieve])
  }

  @Test("LFC-7 delivers CancellationError and no images when the task is cancelled")
  func cancellation() async throws {
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(CachedFeed(feed: uniqueFeed().local, timestamp: fixedCurrentDate)))

    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await sut.load()
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(store.messages.isEmpty)
  }

  // MARK: - Helpers

  enum RetrievalCase: String, CaseIterable, Sendable {
    case valid, expired, empty, failure

    var result: Result<CachedFeed?, any Error> {
      let maxAge = fixedCurrentDate.minusFeedCacheMaxAge()
      switch self {
      case .valid: return .success(CachedFeed(feed: uniqueFeed().local, timestamp: maxAge.adding(seconds: 1)))
      case .expired: return .success(CachedFeed(feed: uniqueFeed().local, timestamp: maxAge.adding(seconds: -1)))
      case .empty: return .success(nil)
      case .failure: return .failure(AnyError())
      }
    }
  }

  private func makeSUT() -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
    let store = FeedStoreSpy()
    trackForMemoryLeaks(store)
    return (LocalFeedLoader(store: store, currentDate: { fixedCurrentDate }), store)
  }
}
