import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

@Suite("Cache Feed", .leakChecked)
struct CacheFeedSpecs {
  @Test("CF-1 does not message the store on creation")
  func noMessagesOnCreation() {
    let (_, store) = makeSUT()

    #expect(store.messages.isEmpty)
  }

  @Test("CF-2 requests deletion of the old cache first")
  func deletesFirst() async throws {
    let (sut, store) = makeSUT()
    store.stubInsertion(.failure(AnyError()))

    try? await sut.save(uniqueFeed().models)

    #expect(store.messages.first == .deleteCachedFeed)
  }

  @Test("CF-3 does not insert on a deletion error, and delivers it")
  func deletionErrorStopsInsertion() async throws {
    let deletionError = AnyError()
    let (sut, store) = makeSUT()
    store.stubDeletion(.failure(deletionError))

    await #expect(throws: deletionError) { try await sut.save(uniqueFeed().models) }
    #expect(store.messages == [.deleteCachedFeed])
  }

  @Test("CF-4 inserts the feed, in order, with the current date after a successful deletion")
  func insertsWithTimestamp() async throws {
    let feed = uniqueFeed()
    let (sut, store) = makeSUT()

    try await sut.save(feed.models)

    #expect(store.messages == [.deleteCachedFeed, .insert(feed.local, fixedCurrentDate)])
  }

  @Test("CF-5 delivers the insertion error")
  func deliversInsertionError() async throws {
    let insertionError = AnyError()
    let (sut, store) = makeSUT()
    store.stubInsertion(.failure(insertionError))

    await #expect(throws: insertionError) { try await sut.save(uniqueFeed().models) }
  }

  @Test("CF-6 succeeds when deletion and insertion succeed, an empty feed included", arguments: [true, false])
  func succeeds(emptyFeed: Bool) async throws {
    let feed = emptyFeed ? (models: [], local: []) : uniqueFeed()
    let (sut, store) = makeSUT()

    try await sut.save(feed.models)

    #expect(store.messages == [.deleteCachedFeed, .insert(feed.local, fixedCurrentDate)])
  }

  @Test("CF-7 sends nothing to the store and delivers CancellationError when the task is cancelled")
  func cancellation() async throws {
    let (sut, store) = makeSUT()

    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await sut.save(uniqueFeed().models)
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(store.messages.isEmpty)
  }

  @Test("CF-8 replaces the cache in one step, with the current date, on a store that can replace atomically")
  func atomicReplace() async throws {
    let feed = uniqueFeed()
    let (sut, store) = makeSUT(replacesAtomically: true)

    try await sut.save(feed.models)

    #expect(store.messages == [.replace(feed.local, fixedCurrentDate)])
  }

  @Test("CF-9 delivers the atomic replace's error, and sends nothing else")
  func atomicReplaceError() async throws {
    let replaceError = AnyError()
    let (sut, store) = makeSUT(replacesAtomically: true)
    store.stubInsertion(.failure(replaceError))

    let feed = uniqueFeed()
    await #expect(throws: replaceError) { try await sut.save(feed.models) }
    #expect(store.messages == [.replace(feed.local, fixedCurrentDate)])
  }

  // MARK: - Helpers

  private func makeSUT(replacesAtomically: Bool = false) -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
    let store = FeedStoreSpy(replacesAtomically: replacesAtomically)
    trackForMemoryLeaks(store)
    return (LocalFeedLoader(store: store, currentDate: { fixedCurrentDate }), store)
  }
}
