import Foundation
import Testing

@testable import EssentialFeed

/// One URL, one download per run: an image many items share is loaded once, even when the cache keeps nothing (a
/// failed or busy cache, a limit smaller than the image), and the images kept for that stay within a byte budget.
@Suite("Recently loaded images", .leakChecked)
struct RecentImageDataSpecs {
  @Test("RI-1 a URL loaded already is answered from memory: the decoratee loads it once")
  func loadedURLIsAnsweredFromMemory() async throws {
    let (sut, loader) = makeSUT(maximumBytes: 100)
    loader.spy.stub(.success(Data("image".utf8)))

    for _ in 0..<5 { #expect(try await sut.loadImageData(from: url(0)) == Data("image".utf8)) }

    #expect(loader.spy.messages == [.load(url(0))])
  }

  @Test("RI-2 memory stays within the byte budget: the least recently used image goes first; a larger one is not kept")
  func keepsWithinTheBudget() async throws {
    let (sut, loader) = makeSUT(maximumBytes: 10)
    loader.spy.stub(.success(Data(count: 4)))
    for index in 0..<3 { _ = try await sut.loadImageData(from: url(index)) }  // 12 bytes: url(0) goes
    _ = try await sut.loadImageData(from: url(1))  // url(1) used again: url(2) is now the oldest
    _ = try await sut.loadImageData(from: url(3))  // url(2) goes
    #expect(sut.keptBytes == 8)

    for index in [1, 3] { _ = try await sut.loadImageData(from: url(index)) }
    #expect(loader.spy.loadCount == 4, "url(1) and url(3) were kept")
    for index in [0, 2] { _ = try await sut.loadImageData(from: url(index)) }
    #expect(loader.spy.loadCount == 6, "url(0) and url(2) were dropped")

    loader.spy.stub(.success(Data(count: 11)))
    _ = try await sut.loadImageData(from: url(9))
    #expect(sut.keptBytes <= 10)
  }

  @Test("RI-3 a failure is not kept: the next load of the URL asks again")
  func failureIsNotKept() async throws {
    let (sut, loader) = makeSUT(maximumBytes: 100)
    loader.spy.stub(.failure(URLError(.timedOut)))
    await #expect(throws: URLError.self) { try await sut.loadImageData(from: url(0)) }
    loader.spy.stub(.success(Data("image".utf8)))

    #expect(try await sut.loadImageData(from: url(0)) == Data("image".utf8))
    #expect(loader.spy.loadCount == 2)
  }

  private func makeSUT(maximumBytes: Int) -> (RecentFeedImageDataLoader, FeedImageDataLoaderSpy) {
    let loader = FeedImageDataLoaderSpy()
    let sut = RecentFeedImageDataLoader(decorating: loader, maximumBytes: maximumBytes)
    trackForMemoryLeaks(sut)
    trackForMemoryLeaks(loader)
    return (sut, loader)
  }

  private func url(_ index: Int) -> URL {
    URL(string: "https://a-url.com/image-\(index)") ?? URL(fileURLWithPath: "/")
  }
}
