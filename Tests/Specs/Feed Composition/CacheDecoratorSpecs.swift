import EssentialFeed
import Foundation
import Testing

@Suite("Caching decorators")
struct CacheDecoratorSpecs {
  // MARK: - Feed

  @Test("FLC-1 delivers the decoratee's feed and saves it")
  func feedDeliversAndSaves() async throws {
    let feed = uniqueFeed().models
    let cache = FeedCacheSpy()
    let sut = FeedLoaderCacheDecorator(decoratee: FeedLoaderSpy(.success(feed)), cache: cache)

    #expect(try await sut.load() == feed)
    #expect(cache.messages == [.saveFeed(feed)])
  }

  @Test("FLC-2 a failed save never fails the load")
  func feedSaveFailure() async throws {
    let feed = uniqueFeed().models
    let cache = FeedCacheSpy()
    cache.failSaves(with: AnyError())
    let sut = FeedLoaderCacheDecorator(decoratee: FeedLoaderSpy(.success(feed)), cache: cache)

    #expect(try await sut.load() == feed)
  }

  @Test("FLC-3 a failed load saves nothing and delivers the error")
  func feedLoadFailure() async throws {
    let error = AnyError()
    let cache = FeedCacheSpy()
    let sut = FeedLoaderCacheDecorator(decoratee: FeedLoaderSpy(.failure(error)), cache: cache)

    await #expect(throws: error) { try await sut.load() }
    #expect(cache.messages.isEmpty)
  }

  @Test(
    "FLC-4 cancelling saves nothing and delivers CancellationError, whatever the decoratee answers",
    arguments: [Result<[FeedImage], any Error>.success(uniqueFeed().models), .failure(CancellationError())])
  func feedCancellation(answer: Result<[FeedImage], any Error>) async throws {
    let cache = FeedCacheSpy()
    let decoratee = FeedLoaderSpy(.waitForCancellation(then: answer))
    let sut = FeedLoaderCacheDecorator(decoratee: decoratee, cache: cache)

    let task = Task { try await sut.load() }
    try await decoratee.spy.waitForLoads()
    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(cache.messages.isEmpty)
  }

  // MARK: - Image data

  @Test("IDC-1 delivers the decoratee's data and saves it for the URL")
  func dataDeliversAndSaves() async throws {
    let (data, url) = (anyData(), anyURL())
    let cache = FeedCacheSpy()
    let sut = FeedImageDataLoaderCacheDecorator(decoratee: FeedImageDataLoaderSpy(.success(data)), cache: cache)

    #expect(try await sut.loadImageData(from: url) == data)
    #expect(cache.messages == [.saveData(data, url)])
  }

  @Test("IDC-2 a failed save never fails the load")
  func dataSaveFailure() async throws {
    let cache = FeedCacheSpy()
    cache.failSaves(with: AnyError())
    let sut = FeedImageDataLoaderCacheDecorator(decoratee: FeedImageDataLoaderSpy(.success(anyData())), cache: cache)

    #expect(try await sut.loadImageData(from: anyURL()) == anyData())
  }

  @Test("IDC-3 a failed load saves nothing and delivers the error")
  func dataLoadFailure() async throws {
    let error = AnyError()
    let cache = FeedCacheSpy()
    let sut = FeedImageDataLoaderCacheDecorator(decoratee: FeedImageDataLoaderSpy(.failure(error)), cache: cache)

    await #expect(throws: error) { try await sut.loadImageData(from: anyURL()) }
    #expect(cache.messages.isEmpty)
  }

  @Test("IDC-4 cancelling saves nothing and delivers CancellationError")
  func dataCancellation() async throws {
    let cache = FeedCacheSpy()
    let decoratee = FeedImageDataLoaderSpy(.waitForCancellation(then: .success(anyData())))
    let sut = FeedImageDataLoaderCacheDecorator(decoratee: decoratee, cache: cache)

    let task = Task { try await sut.loadImageData(from: anyURL()) }
    try await decoratee.spy.waitForLoads()
    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(cache.messages.isEmpty)
  }
}
