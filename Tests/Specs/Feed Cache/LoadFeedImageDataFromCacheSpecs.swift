import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

@Suite("Load Feed Image Data From Cache", .leakChecked)
struct LoadFeedImageDataFromCacheSpecs {
  @Test("LIC-1 does not message the store on creation")
  func noMessagesOnCreation() {
    let (_, store) = makeSUT()

    #expect(store.messages.isEmpty)
  }

  @Test("LIC-2 requests the data stored for the whole URL")
  func requestsDataForURL() async throws {
    let url = try #require(URL(string: "https://a-url.com/path/image.jpg?size=large"))
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(anyData()))

    _ = try await sut.loadImageData(from: url)

    #expect(store.messages == [.retrieve(url)])
  }

  @Test("LIC-3 delivers failed on a store error")
  func failsOnStoreError() async throws {
    let (sut, store) = makeSUT()
    store.stubRetrieval(.failure(AnyError()))

    await #expect(throws: LocalFeedImageDataLoader.Error.failed) { try await sut.loadImageData(from: anyURL()) }
  }

  @Test("LIC-4 delivers notFound when no data is stored for the URL")
  func notFound() async throws {
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(nil))

    await #expect(throws: LocalFeedImageDataLoader.Error.notFound) { try await sut.loadImageData(from: anyURL()) }
  }

  @Test("LIC-5 delivers the stored data", arguments: [Data(), anyData()])
  func deliversData(data: Data) async throws {
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(data))

    #expect(try await sut.loadImageData(from: anyURL()) == data)
  }

  @Test("LIC-6 delivers CancellationError and no data when the task is cancelled")
  func cancellation() async throws {
    let (sut, store) = makeSUT()
    store.stubRetrieval(.success(anyData()))

    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await sut.loadImageData(from: anyURL())
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
