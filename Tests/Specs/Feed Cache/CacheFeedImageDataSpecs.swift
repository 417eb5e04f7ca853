import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

@Suite("Cache Feed Image Data", .leakChecked)
struct CacheFeedImageDataSpecs {
  @Test("CIC-1 requests insertion of the data for the URL")
  func requestsInsertion() async throws {
    let (data, url) = (anyData(), anyURL())
    let (sut, store) = makeSUT()

    try await sut.save(data, for: url)

    #expect(store.messages == [.insert(data, url)])
  }

  @Test("CIC-2 delivers failed on an insertion error")
  func failsOnInsertionError() async throws {
    let (sut, store) = makeSUT()
    store.stubInsertion(.failure(AnyError()))

    await #expect(throws: LocalFeedImageDataLoader.Error.failed) { try await sut.save(anyData(), for: anyURL()) }
  }

  @Test("CIC-3 succeeds when the insertion succeeds")
  func succeeds() async throws {
    let (sut, store) = makeSUT()
    let (data, url) = (anyData(), anyURL())

    try await sut.save(data, for: url)

    #expect(store.messages == [.insert(data, url)])
  }

  @Test("CIC-4 sends nothing to the store and delivers CancellationError when the task is cancelled")
  func cancellation() async throws {
    let (sut, store) = makeSUT()

    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await sut.save(anyData(), for: anyURL())
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(store.messages.isEmpty)
  }

  // MARK: - Helpers

  private func makeSUT() -> (sut: LocalFeedImageDataLoader, store: FeedImageDataStoreSpy) {
    let store = FeedImageDataStoreSpy()
    trackForMemoryLeaks(store)
    return (LocalFeedImageDataLoader(store: store), store)
  }
}
