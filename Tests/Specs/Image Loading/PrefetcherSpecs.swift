import EssentialFeed
import EssentialFeedSpecs
import Foundation
import Synchronization
import Testing

@Suite("Prefetching images")
struct PrefetcherSpecs {
  let urls = (0..<10).map { URL(fileURLWithPath: "/").appending(path: "image-\($0)") }

  // These specs are about slots and ends, not priority: they run loads at medium priority, so that other suites
  // keeping the test process's two pool threads busy cannot starve them for seconds, as low priority allows.

  @Test("PF-1 at most four prefetches load at once; the others start as slots free")
  func boundedConcurrency() async throws {
    let loads = ControlledImageLoads()
    let sut = FeedImagePrefetcher(loader: loads, priority: .medium)
    let prefetches = urls.map { url in Task { await sut.prefetch(from: url) } }
    try await waitUntil { loads.pendingLoads.count == 4 }
    try await Task.sleep(for: .milliseconds(50))

    #expect(loads.requests.count == 4)
    loads.complete(0, with: .success(Data("0".utf8)))
    try await waitUntil { loads.requests.count == 5 }
    #expect(Set(loads.requests).count == 5)
    for index in 1..<10 {
      try await waitUntil { loads.pendingLoads.contains(index) }
      loads.complete(index, with: .success(Data()))
    }
    for prefetch in prefetches { if case .loaded = await prefetch.value {} else { Issue.record("not loaded") } }
    #expect(loads.mostRunningInAll == 4)
  }

  @Test("PF-2 a prefetch cancelled while it waits for a slot reports its end at once and never loads")
  func cancelWhileWaiting() async throws {
    let loads = ControlledImageLoads()
    let sut = FeedImagePrefetcher(loader: loads, maximumConcurrentLoads: 1, priority: .medium)
    let first = Task { await sut.prefetch(from: urls[0]) }
    try await waitUntil { loads.pendingLoads == [0] }
    let second = Task { await sut.prefetch(from: urls[1]) }
    try await Task.sleep(for: .milliseconds(20))

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
    let loads = ControlledImageLoads()
    let sut = FeedImagePrefetcher(loader: loads, priority: .medium)
    let cancelled = Task { await sut.prefetch(from: urls[0]) }
    let failing = Task { await sut.prefetch(from: urls[1]) }
    try await waitUntil { loads.pendingLoads == [0, 1] }

    cancelled.cancel()
    loads.complete(1, with: .failure(anyNSError()))

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
    let loads = ControlledImageLoads()
    let sut = FeedImagePrefetcher(loader: loads, priority: .medium)
    let done = DoneCallers()
    let prefetches = (0..<200).map { index in
      Task {
        defer { done.insert(index) }
        return await sut.prefetch(from: urls[index % 10])
      }
    }
    for prefetch in prefetches where Int.random(in: 0..<3, using: &rng) == 0 { prefetch.cancel() }
    // A hang detector: alone this ends in 0.1 s; beside the other suites on two pool threads it took up to 22 s.
    let deadline = ContinuousClock.now + .seconds(60)
    while done.all.count < 200, ContinuousClock.now < deadline {
      for load in loads.pendingLoads {
        loads.complete(load, with: Bool.random(using: &rng) ? .success(Data()) : .failure(anyNSError()))
      }
      try await Task.sleep(for: .microseconds(200))
    }
    #expect(done.all.count == 200, "seed \(seed): \(done.all.count) of 200 prefetches ended")
    #expect(loads.mostRunningInAll <= 4, "seed \(seed)")
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
