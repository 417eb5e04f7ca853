import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

@Suite("Validate Feed Cache", .leakChecked)
struct ValidateFeedCacheSpecs {
  @Test("VFC-1 does not message the store on creation")
  func noMessagesOnCreation() {
    let (_, store) = makeSUT()

    #expect(store.messages.isEmpty)
  }

  @Test("VFC-2 deletes the cache on a retrieval error")
  func deletesOnRetrievalError() async throws {
    let (sut, store) = makeSUT()
    store.stubRetrieval(.failure(AnyError()))

    try await sut.validateCache()

    #expect(store.messages == [.retrieve, .deleteCachedFeed])
  }

  @Test("VFC-3 leaves an empty cache alone")
  func keepsEmptyCache() async throws {
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(nil))

    try await sut.validateCache()

    #expect(store.messages == [.retrieve])
  }

  @Test("VFC-4 leaves a cache less than 7 days old alone", arguments: [1, 0.001, 86_400 * 6] as [TimeInterval])
  func keepsValidCache(secondsYoungerThanMaxAge: TimeInterval) async throws {
    let timestamp = fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: secondsYoungerThanMaxAge)
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(CachedFeed(feed: uniqueFeed().local, timestamp: timestamp)))

    try await sut.validateCache()

    #expect(store.messages == [.retrieve])
  }

  @Test("VFC-5 deletes a cache 7 days old or more", arguments: [0, -0.001, -1, -86_400 * 30] as [TimeInterval])
  func deletesExpiredCache(secondsFromMaxAge: TimeInterval) async throws {
    let timestamp = fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: secondsFromMaxAge)
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(CachedFeed(feed: uniqueFeed().local, timestamp: timestamp)))

    try await sut.validateCache()

    #expect(store.messages == [.retrieve, .deleteCachedFeed])
  }

  @Test(
    "VFC-8 deletes a cache timestamped more than a day in the future",
    arguments: [86_400.001, .infinity] as [TimeInterval])
  func deletesFutureCache(secondsAhead: TimeInterval) async throws {
    let (sut, store) = makeSUT()
    let timestamp = fixedCurrentDate.adding(seconds: secondsAhead)
    store.stubRetrieval(.success(CachedFeed(feed: uniqueFeed().local, timestamp: timestamp)))

    try await sut.validateCache()

    #expect(store.messages == [.retrieve, .deleteCachedFeed])
  }

  @Test("VFC-6 delivers the deletion error", arguments: [true, false])
  func deliversDeletionError(onRetrievalError: Bool) async throws {
    let deletionError = AnyError()
    let (sut, store) = makeSUT()
    let expired = CachedFeed(feed: uniqueFeed().local, timestamp: fixedCurrentDate.minusFeedCacheMaxAge())
    store.stubRetrieval(onRetrievalError ? .failure(AnyError()) : .success(expired))
    store.stubDeletion(.failure(deletionError))

    await #expect(throws: deletionError) { try await sut.validateCache() }
  }

  @Test("VFC-7 sends nothing to the store and delivers CancellationError when the task is cancelled")
  func cancellation() async throws {
    let (sut, store) = makeSUT()
    store.stubRetrieval(.failure(AnyError()))

    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await sut.validateCache()
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(store.messages.isEmpty)
  }

  @Test("VFC-9 says what it did: nothing to do, kept, deleted as expired, or deleted as unreadable (and why)")
  func saysWhatItDid() async throws {
    let (sut, store) = makeSUT()
    let fresh = CachedFeed(feed: uniqueFeed().local, timestamp: fixedCurrentDate.adding(seconds: -60))
    let expired = CachedFeed(feed: uniqueFeed().local, timestamp: fixedCurrentDate.minusFeedCacheMaxAge())
    let unreadable = AnyError()
    let cases: [(Result<CachedFeed?, any Error>, FeedCacheValidation)] = [
      (.success(nil), .nothingToDo),
      (.success(fresh), .kept(images: 2, savedAt: fresh.timestamp)),
      (.success(expired), .deletedExpired(images: 2, savedAt: expired.timestamp)),
      (.failure(unreadable), .deletedUnreadable(reason: "\(unreadable)")),
    ]
    for (retrieval, expected) in cases {
      store.stubRetrieval(retrieval)
      #expect(try await sut.validateCache() == expected)
    }
  }

  // MARK: - Helpers

  private func makeSUT() -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
    let store = FeedStoreSpy()
    trackForMemoryLeaks(store)
    return (LocalFeedLoader(store: store, currentDate: { fixedCurrentDate }), store)
  }
}
