import Foundation
import TestSupport
import Testing

@testable import EssentialFeed

@Suite("Limiting concurrent image loads", .leakChecked)
struct ConcurrencyLimitSpecs {
  let urls = (0..<10).map { URL(fileURLWithPath: "/").appending(path: "image-\($0)") }

  @Test("CL-1 at most the limit of loads run at once; the others start in call order as loads end")
  func boundedInCallOrder() async throws {
    let (sut, loads) = makeSUT(limit: 3)
    var callers: [Task<Data, any Error>] = []
    for (index, url) in urls.enumerated() {
      callers.append(Task { try await sut.loadImageData(from: url) })
      // One at a time, so the call order is the order of `urls`.
      try await loads.wait(for: "load \(index) running or queued") {
        loads.requests.count + sut.slots.waitingCount == index + 1
      }
    }
    #expect(loads.requests == Array(urls.prefix(3)))

    loads.complete(1, with: .failure(anyNSError()))
    try await loads.wait(for: "a fourth load after an error") { loads.requests.count == 4 }
    loads.complete(0, with: .success(Data("0".utf8)))
    try await loads.wait(for: "a fifth load after a success") { loads.requests.count == 5 }
    #expect(loads.requests == Array(urls.prefix(5)))

    for index in 2..<10 {
      try await loads.wait(for: "load \(index)") { loads.pendingLoads.contains(index) }
      loads.complete(index, with: .success(Data("\(index)".utf8)))
      // The slot goes to the next caller at once, but its load starts when its task runs: two slots freed before
      // either ran would let the later caller's task start first, whatever the order they were given in.
      let started = min(urls.count, index + 4)
      try await loads.wait(for: "the load the slot of load \(index) went to") { loads.requests.count == started }
    }
    #expect(try await callers[0].value == Data("0".utf8))
    await #expect(throws: NSError.self) { try await callers[1].value }
    for index in 2..<10 { #expect(try await callers[index].value == Data("\(index)".utf8)) }
    #expect(loads.mostRunningInAll == 3)
    #expect(loads.requests == urls)
  }

  @Test(
    "CL-2 a load cancelled while it waits for a slot ends at once and never loads; one cancelled while loading frees its slot"
  )
  func cancelWaitingAndRunning() async throws {
    let (sut, loads) = makeSUT(limit: 1)
    let running = Task { try await sut.loadImageData(from: urls[0]) }
    try await loads.wait(for: "the first load") { loads.pendingLoads == [0] }
    let waiting = Task { try await sut.loadImageData(from: urls[1]) }
    try await loads.wait(for: "the second load queued") { sut.slots.waitingCount == 1 }

    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    #expect(sut.slots.waitingCount == 0)

    let next = Task { try await sut.loadImageData(from: urls[2]) }
    try await loads.wait(for: "the third load queued") { sut.slots.waitingCount == 1 }
    running.cancel()
    await #expect(throws: CancellationError.self) { try await running.value }
    try await loads.wait(for: "the third load started") { loads.pendingLoads == [1] }
    loads.complete(1, with: .success(Data("2".utf8)))

    #expect(try await next.value == Data("2".utf8))
    #expect(loads.requests == [urls[0], urls[2]])
  }

  private func makeSUT(limit: Int) -> (ConcurrencyLimitedFeedImageDataLoader, ControlledImageLoads) {
    let loads = ControlledImageLoads()
    let sut = ConcurrencyLimitedFeedImageDataLoader(decorating: loads, maximumConcurrentLoads: limit)
    sut.slots.observe(loads.changes.changed)
    trackForMemoryLeaks(loads)
    return (sut, loads)
  }
}
