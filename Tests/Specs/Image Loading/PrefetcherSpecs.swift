import EssentialFeedSpecs
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import EssentialFeed

@Suite("Prefetching images", .leakChecked)
struct PrefetcherSpecs {
  let urls = (0..<10).map { URL(fileURLWithPath: "/").appending(path: "image-\($0)") }

  // These specs are about slots and ends, not priority: they run loads at medium priority, so that other suites
  // keeping the test process's two pool threads busy cannot starve them for seconds, as low priority allows.

  @Test("PF-1 at most four prefetches load at once; the others start as slots free")
  func boundedConcurrency() async throws {
    let (sut, loads) = makeSUT()
    let prefetches = urls.map { url in Task { await sut.prefetch(from: url) } }
    try await loads.wait(for: "four loads and six prefetches waiting") {
      loads.pendingLoads.count == 4 && sut.slots.waitingCount == 6
    }

    #expect(loads.requests.count == 4)
    loads.complete(0, with: .success(Data("0".utf8)))
    try await loads.wait(for: "a fifth load") { loads.requests.count == 5 }
    #expect(Set(loads.requests).count == 5)
    for index in 1..<10 {
      try await loads.wait(for: "load \(index)") { loads.pendingLoads.contains(index) }
      loads.complete(index, with: .success(Data()))
    }
    for prefetch in prefetches { if case .loaded = await prefetch.value {} else { Issue.record("not loaded") } }
    #expect(loads.mostRunningInAll == 4)
  }

  @Test("PF-2 a prefetch cancelled while it waits for a slot reports its end at once and never loads")
  func cancelWhileWaiting() async throws {
    let (sut, loads) = makeSUT(maximumConcurrentLoads: 1)
    let first = Task { await sut.prefetch(from: urls[0]) }
    try await loads.wait(for: "the first load") { loads.pendingLoads == [0] }
    let second = Task { await sut.prefetch(from: urls[1]) }
    try await loads.wait(for: "the second prefetch waiting for a slot") { sut.slots.waitingCount == 1 }

    second.cancel()
    guard case .cancelled = await second.value else {
      Issue.record("the waiting prefetch did not report")
      return
    }
    loads.complete(0, with: .success(Data()))
    _ = await first.value
    #expect(loads.requests == [urls[0]])
  }

  @Test("PF-3 a prefetch cancelled while it loads cancels its load and reports its end; failures report too")
  func cancelWhileLoading() async throws {
    let (sut, loads) = makeSUT()
    let cancelled = Task { await sut.prefetch(from: urls[0]) }
    let failing = Task { await sut.prefetch(from: urls[1]) }
    try await loads.wait(for: "two loads") { loads.pendingLoads == [0, 1] }
    // The two tasks start in either order: the failing load is the one of its URL, whichever index it took.
    let failingLoad = try #require(loads.requests.firstIndex(of: urls[1]))

    cancelled.cancel()
    #expect(loads.complete(failingLoad, with: .failure(anyNSError())), "the failing load was still pending")

    guard case .cancelled = await cancelled.value else {
      Issue.record("the cancelled prefetch did not report")
      return
    }
    guard case .failed = await failing.value else {
      Issue.record("the failed prefetch did not report")
      return
    }
    #expect(loads.pendingLoads.isEmpty)
  }

  @Test("PF-4 loads run at low priority")
  func lowPriority() async throws {
    let priorities = PriorityLog()
    let sut = FeedImagePrefetcher(loader: priorities)
    _ = await Task(priority: .high) { await sut.prefetch(from: urls[0]) }.value
    #expect(priorities.seen == [.low])
  }

  @Test("PF-5 200 prefetches with random cancels and results (seeded): every one reports its end, never a hang")
  func everyPrefetchEnds() async throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    var rng = SplitMix64(seed: seed)
    let (sut, loads) = makeSUT()
    let done = DoneCallers(changes: loads.changes)
    let prefetches = (0..<200).map { index in
      Task {
        defer { done.insert(index) }
        return await sut.prefetch(from: urls[index % 10])
      }
    }
    for prefetch in prefetches where Int.random(in: 0..<3, using: &rng) == 0 { prefetch.cancel() }
    // Answers every load as it starts, until every prefetch has ended; the wait fails the test if one never does.
    while done.all.count < 200 {
      try await loads.wait(for: "seed \(seed): a load to answer, or all 200 prefetches to end") {
        !loads.pendingLoads.isEmpty || done.all.count == 200
      }
      for load in loads.pendingLoads {
        loads.complete(load, with: Bool.random(using: &rng) ? .success(Data()) : .failure(anyNSError()))
      }
    }
    #expect(loads.mostRunningInAll <= 4, "seed \(seed)")
  }

  private func makeSUT(maximumConcurrentLoads: Int = 4) -> (FeedImagePrefetcher, ControlledImageLoads) {
    let loads = ControlledImageLoads()
    let sut = FeedImagePrefetcher(loader: loads, maximumConcurrentLoads: maximumConcurrentLoads, priority: .medium)
    sut.slots.observe(loads.changes.changed)
    trackForMemoryLeaks(sut)
    trackForMemoryLeaks(loads)
    return (sut, loads)
  }
}

/// A loader that records the priority each load runs at.
final class PriorityLog: FeedImageDataLoader {
  private let log = Mutex<[TaskPriority]>([])
  var seen: [TaskPriority] { log.withLock { $0 } }

  func loadImageData(from url: URL) async throws -> Data {
    let priority = Task.currentPriority
    log.withLock { $0.append(priority) }
    return Data()
  }
}
