import EssentialFeed
import Foundation
import Testing

@Suite("Fallback composites")
struct FallbackCompositeSpecs {
  // MARK: - Feed

  @Test("FLF-1 delivers the primary's feed when the primary succeeds, without asking the fallback")
  func feedPrimarySuccess() async throws {
    let feed = uniqueFeed().models
    let (sut, primary, fallback) = makeFeedSUT(primary: .success(feed), fallback: .success(uniqueFeed().models))

    #expect(try await sut.load() == feed)
    #expect(primary.spy.loadCount == 1)
    #expect(fallback.spy.loadCount == 0)
  }

  @Test("FLF-2 delivers the fallback's result when the primary fails")
  func feedFallback() async throws {
    let feed = uniqueFeed().models
    let (sut, _, _) = makeFeedSUT(primary: .failure(AnyError()), fallback: .success(feed))

    #expect(try await sut.load() == feed)
  }

  @Test("FLF-2 delivers the fallback's error when both fail")
  func feedBothFail() async throws {
    let fallbackError = AnyError()
    let (sut, _, _) = makeFeedSUT(primary: .failure(AnyError()), fallback: .failure(fallbackError))

    await #expect(throws: fallbackError) { try await sut.load() }
  }

  @Test(
    "FLF-3 cancellation is not a failure: no fallback, CancellationError, whatever the primary answers",
    arguments: [
      Result<[FeedImage], any Error>.failure(CancellationError()), .failure(AnyError()), .success(uniqueFeed().models),
    ])
  func feedCancellation(primaryAnswer: Result<[FeedImage], any Error>) async throws {
    let (sut, primary, fallback) = makeFeedSUT(
      primary: .waitForCancellation(then: primaryAnswer), fallback: .success(uniqueFeed().models))

    let task = Task { try await sut.load() }
    try await primary.spy.waitForLoads()
    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(primary.spy.messages == [.load(nil), .cancelled(nil)])
    #expect(fallback.spy.loadCount == 0)
  }

  // MARK: - Image data

  @Test("IDF-1 delivers the primary's data when the primary succeeds, without asking the fallback")
  func dataPrimarySuccess() async throws {
    let url = anyURL()
    let (sut, primary, fallback) = makeDataSUT(primary: .success(anyData()), fallback: .success(Data("other".utf8)))

    #expect(try await sut.loadImageData(from: url) == anyData())
    #expect(primary.spy.messages == [.load(url)])
    #expect(fallback.spy.loadCount == 0)
  }

  @Test("IDF-2 delivers the fallback's result for the same URL when the primary fails")
  func dataFallback() async throws {
    let url = anyURL()
    let (sut, _, fallback) = makeDataSUT(primary: .failure(AnyError()), fallback: .success(anyData()))

    #expect(try await sut.loadImageData(from: url) == anyData())
    #expect(fallback.spy.messages == [.load(url)])
  }

  @Test("IDF-2 delivers the fallback's error when both fail")
  func dataBothFail() async throws {
    let fallbackError = AnyError()
    let (sut, _, _) = makeDataSUT(primary: .failure(AnyError()), fallback: .failure(fallbackError))

    await #expect(throws: fallbackError) { try await sut.loadImageData(from: anyURL()) }
  }

  @Test("IDF-3 cancelling while the primary runs cancels it; no fallback; CancellationError")
  func dataCancelDuringPrimary() async throws {
    let url = anyURL()
    let (sut, primary, fallback) = makeDataSUT(
      primary: .waitForCancellation(then: .success(anyData())), fallback: .success(anyData()))

    let task = Task { try await sut.loadImageData(from: url) }
    try await primary.spy.waitForLoads()
    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(primary.spy.messages == [.load(url), .cancelled(url)])
    #expect(fallback.spy.loadCount == 0)
  }

  @Test("IDF-3 cancelling while the fallback runs cancels it, and delivers nothing afterwards")
  func dataCancelDuringFallback() async throws {
    let url = anyURL()
    let (sut, _, fallback) = makeDataSUT(
      primary: .failure(AnyError()), fallback: .waitForCancellation(then: .success(anyData())))

    let task = Task { try await sut.loadImageData(from: url) }
    try await fallback.spy.waitForLoads()
    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(fallback.spy.messages == [.load(url), .cancelled(url)])
  }

  // MARK: - Helpers

  private func makeFeedSUT(
    primary: LoadSpy<[FeedImage]>.Stub, fallback: LoadSpy<[FeedImage]>.Stub
  ) -> (FeedLoaderWithFallbackComposite, FeedLoaderSpy, FeedLoaderSpy) {
    let (primary, fallback) = (FeedLoaderSpy(primary), FeedLoaderSpy(fallback))
    return (FeedLoaderWithFallbackComposite(primary: primary, fallback: fallback), primary, fallback)
  }

  private func makeDataSUT(
    primary: LoadSpy<Data>.Stub, fallback: LoadSpy<Data>.Stub
  ) -> (FeedImageDataLoaderWithFallbackComposite, FeedImageDataLoaderSpy, FeedImageDataLoaderSpy) {
    let (primary, fallback) = (FeedImageDataLoaderSpy(primary), FeedImageDataLoaderSpy(fallback))
    return (FeedImageDataLoaderWithFallbackComposite(primary: primary, fallback: fallback), primary, fallback)
  }
}
