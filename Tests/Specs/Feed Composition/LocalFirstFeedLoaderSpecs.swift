import EssentialFeed
import Foundation
import Testing

@Suite("Local-first feed loading", .leakChecked)
struct LocalFirstFeedLoaderSpecs {
  @Test("LFS-1 emits a valid cache at once, before the remote answers")
  func emitsCacheFirst() async throws {
    let cached = uniqueFeed().models
    // The stream is dropped with its remote load still waiting: the load's task ends after the test, on its cancel.
    let (sut, _, _, cache) = makeSUT(
      local: .success(cached), remote: .waitForCancellation(then: .failure(AnyError())), checkingLeaks: false)

    var iterator = sut.snapshots().makeAsyncIterator()
    let first = try await iterator.next()

    // The remote never answers until cancelled: the cache came first, and nothing was saved.
    #expect(first == FeedSnapshot(feed: cached, origin: .cache))
    #expect(cache.messages == [])
  }

  @Test("LFS-2 then emits the remote feed, saved to the cache, and finishes")
  func emitsRemoteAndSaves() async throws {
    let (cached, fresh) = (uniqueFeed().models, uniqueFeed().models)
    let (sut, _, _, cache) = makeSUT(local: .success(cached), remote: .success(fresh))

    let snapshots = try await collect(sut.snapshots())

    #expect(snapshots == [FeedSnapshot(feed: cached, origin: .cache), FeedSnapshot(feed: fresh, origin: .remote)])
    #expect(cache.messages == [.saveFeed(fresh)])
  }

  @Test("LFS-2 a failed save does not stop the remote snapshot")
  func saveFailureStillEmits() async throws {
    let fresh = uniqueFeed().models
    let (sut, _, _, cache) = makeSUT(local: .success([]), remote: .success(fresh))
    cache.failSaves(with: AnyError())

    #expect(try await collect(sut.snapshots()) == [FeedSnapshot(feed: fresh, origin: .remote)])
  }

  @Test("LFS-3 a remote failure after the cache ends the sequence with that error; the cached snapshot stands")
  func remoteFailureAfterCache() async throws {
    let cached = uniqueFeed().models
    let remoteError = AnyError()
    let (sut, _, _, cache) = makeSUT(local: .success(cached), remote: .failure(remoteError))

    var received: [FeedSnapshot] = []
    await #expect(throws: remoteError) {
      for try await snapshot in sut.snapshots() { received.append(snapshot) }
    }
    #expect(received == [FeedSnapshot(feed: cached, origin: .cache)])
    #expect(cache.messages.isEmpty)
  }

  @Test(
    "LFS-4 with no valid cache (empty, expired or failing) only the remote result is delivered",
    arguments: [Result<[FeedImage], any Error>.success([]), .failure(AnyError())])
  func noCache(local: Result<[FeedImage], any Error>) async throws {
    let fresh = uniqueFeed().models
    let localStub: LoadSpy<[FeedImage]>.Stub =
      switch local {
      case .success(let feed): .success(feed)
      case .failure(let error): .failure(error)
      }
    let (sut, _, _, _) = makeSUT(local: localStub, remote: .success(fresh))

    #expect(try await collect(sut.snapshots()) == [FeedSnapshot(feed: fresh, origin: .remote)])

    let remoteError = AnyError()
    let (failing, _, _, _) = makeSUT(local: localStub, remote: .failure(remoteError))
    await #expect(throws: remoteError) { _ = try await collect(failing.snapshots()) }
  }

  @Test("LFS-5 cancelling the iteration cancels the remote load and saves nothing")
  func cancellation() async throws {
    let cached = uniqueFeed().models
    let (sut, _, remote, cache) = makeSUT(
      local: .success(cached), remote: .waitForCancellation(then: .success(uniqueFeed().models)))

    let task = Task {
      var received: [FeedSnapshot] = []
      for try await snapshot in sut.snapshots() { received.append(snapshot) }
      return received
    }
    try await remote.spy.waitForLoads()
    task.cancel()

    _ = try? await task.value
    try await remote.spy.waitFor(.cancelled(nil))
    #expect(cache.messages.isEmpty)
  }

  // MARK: - Helpers

  private func makeSUT(
    local: LoadSpy<[FeedImage]>.Stub, remote: LoadSpy<[FeedImage]>.Stub, checkingLeaks: Bool = true
  ) -> (LocalFirstFeedLoader, FeedLoaderSpy, FeedLoaderSpy, FeedCacheSpy) {
    let (local, remote, cache) = (FeedLoaderSpy(local), FeedLoaderSpy(remote), FeedCacheSpy())
    if checkingLeaks { for object: AnyObject in [local, remote, cache] { trackForMemoryLeaks(object) } }
    return (LocalFirstFeedLoader(local: local, remote: remote, cache: cache), local, remote, cache)
  }

  private func collect(_ stream: AsyncThrowingStream<FeedSnapshot, any Error>) async throws -> [FeedSnapshot] {
    var snapshots: [FeedSnapshot] = []
    for try await snapshot in stream { snapshots.append(snapshot) }
    return snapshots
  }
}
