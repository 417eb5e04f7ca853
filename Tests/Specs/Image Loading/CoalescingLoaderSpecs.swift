import Foundation
import TestSupport
import Testing

@testable import EssentialFeed

@Suite("Coalescing image loads", .leakChecked)
struct CoalescingLoaderSpecs {
  let url = URL(fileURLWithPath: "/").appending(path: "image")

  @Test("CO-1 concurrent loads of one URL start one load, and every caller receives its data")
  func sharesOneLoad() async throws {
    let (sut, loads) = makeSUT()
    let callers = (0..<3).map { _ in Task { try await sut.loadImageData(from: url) } }
    try await waitForCallers(3, of: sut, loads)
    #expect(loads.requests.count == 1)

    loads.complete(0, with: .success(Data("image".utf8)))

    for caller in callers { #expect(try await caller.value == Data("image".utf8)) }
    #expect(loads.requests == [url])
  }

  @Test("CO-2 a failed load's error reaches every waiting caller")
  func errorReachesEveryone() async throws {
    let (sut, loads) = makeSUT()
    let callers = (0..<2).map { _ in Task { try await sut.loadImageData(from: url) } }
    try await waitForCallers(2, of: sut, loads)

    loads.complete(0, with: .failure(anyNSError()))

    for caller in callers { await #expect(throws: NSError.self) { try await caller.value } }
  }

  @Test("CO-3 cancelling one caller ends only its wait; the load goes on for the others")
  func cancelOne() async throws {
    let (sut, loads) = makeSUT()
    let first = Task { try await sut.loadImageData(from: url) }
    let second = Task { try await sut.loadImageData(from: url) }
    try await waitForCallers(2, of: sut, loads)

    first.cancel()
    await #expect(throws: CancellationError.self) { try await first.value }
    #expect(loads.pendingLoads == [0])
    loads.complete(0, with: .success(Data("image".utf8)))

    #expect(try await second.value == Data("image".utf8))
  }

  @Test("CO-4 the load is cancelled when its last caller cancels, and a later caller starts a new one")
  func cancelLast() async throws {
    let (sut, loads) = makeSUT()
    let callers = (0..<2).map { _ in Task { try await sut.loadImageData(from: url) } }
    try await waitForCallers(2, of: sut, loads)

    for caller in callers { caller.cancel() }
    try await loads.wait(for: "the abandoned load to be cancelled") { loads.pendingLoads.isEmpty }
    let later = Task { try await sut.loadImageData(from: url) }
    try await loads.wait(for: "a new load") { loads.pendingLoads == [1] }
    loads.complete(1, with: .success(Data("again".utf8)))

    #expect(try await later.value == Data("again".utf8))
    #expect(loads.mostRunningAtOnce == 1)
  }

  @Test("CO-5 URLs differing in case, query or fragment are loaded apart")
  func urlsApart() async throws {
    let (sut, loads) = makeSUT()
    let urls = ["https://a.com/x", "https://a.com/X", "https://a.com/x?q=1", "https://a.com/x#f"].compactMap(URL.init)
    let callers = urls.map { url in Task { try await sut.loadImageData(from: url) } }
    try await loads.wait(for: "four loads") { loads.requests.count == 4 }

    for index in 0..<4 { loads.complete(index, with: .success(Data())) }
    for caller in callers { _ = try await caller.value }
    #expect(Set(loads.requests) == Set(urls))
  }

  private func makeSUT() -> (CoalescingFeedImageDataLoader, ControlledImageLoads) {
    let loads = ControlledImageLoads()
    let sut = CoalescingFeedImageDataLoader(decorating: loads)
    sut.observe(loads.changes.changed)
    trackForMemoryLeaks(sut)
    trackForMemoryLeaks(loads)
    return (sut, loads)
  }

  /// Suspends until `count` callers wait for the one load of `url` in flight.
  private func waitForCallers(
    _ count: Int, of sut: CoalescingFeedImageDataLoader, _ loads: ControlledImageLoads,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await loads.wait(for: "\(count) callers sharing one load", sourceLocation: sourceLocation) {
      loads.pendingLoads == [0] && sut.callerCount(of: url) == count
    }
  }
}
