import EssentialFeed
import EssentialFeedSpecs
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("Coalescing image loads: random interleavings")
struct CoalescingInterleavingSpecs {
  @Test("CO-6 10,000 seeded random interleavings of start, cancel and finish: one load per URL at a time, no hang")
  func randomInterleavings() async throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    let rng = SplitMix64(seed: seed)
    // 10,000 rounds; ESSENTIALFEED_INTERLEAVINGS=N runs N instead.
    let rounds = ProcessInfo.processInfo.environment["ESSENTIALFEED_INTERLEAVINGS"].flatMap { Int($0) } ?? 10_000
    // The rounds churn tasks for a while: they run at background priority, not awaited (which would raise them),
    // so that suites serving HTTP in-process beside them are not starved (their requests timed out).
    let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Figures?, Never>) in
      Task(priority: .background) { [rng] in
        var rng = rng
        var figures = Figures()
        for round in 0..<rounds {
          let context = "seed \(seed), round \(round)"
          do {
            guard try await runRound(using: &rng, figures: &figures, context: context) else {
              return continuation.resume(returning: nil)
            }
          } catch {
            Issue.record(error, "\(context) threw")
            return continuation.resume(returning: nil)
          }
        }
        continuation.resume(returning: figures)
      }
    }
    guard let figures = outcome else { return }
    // The rounds must exercise what they check: many callers, many cancelled, many joining a load in flight.
    #expect(
      figures.callers > rounds * 2 && figures.cancelled > rounds / 2 && figures.joined > rounds / 5,
      "seed \(seed): \(figures)")
    if ProcessInfo.processInfo.environment["ESSENTIALFEED_PRINT_FIGURES"] != nil { print("CO-6 figures: \(figures)") }
  }

  struct Figures: CustomStringConvertible {
    var callers = 0, cancelled = 0, joined = 0, loads = 0
    var description: String { "\(callers) callers, \(cancelled) cancelled, \(joined) joined, \(loads) loads" }
  }

  /// One round: up to 12 steps over two URLs, then every load finished; `false` after recording a failure.
  private func runRound(using rng: inout SplitMix64, figures: inout Figures, context: String) async throws -> Bool {
    let loads = ControlledImageLoads()
    let sut = CoalescingFeedImageDataLoader(decorating: loads)
    let urls = ["https://a.com/1", "https://a.com/2"].compactMap(URL.init)
    var callers: [(task: Task<Data, any Error>, cancelledAt: Int?)] = []
    let done = DoneCallers(changes: loads.changes)
    var finishedAt: [Int: Int] = [:]  // load index -> step
    for step in 0..<Int.random(in: 4...12, using: &rng) {
      switch Int.random(in: 0..<3, using: &rng) {
      case 0:
        let url = urls[Int.random(in: 0..<2, using: &rng)]
        let index = callers.count
        callers.append(
          (
            Task {
              defer { done.insert(index) }
              return try await sut.loadImageData(from: url)
            }, nil
          ))
      case 1:
        if let index = callers.indices.filter({ callers[$0].cancelledAt == nil }).randomElement(using: &rng) {
          callers[index].task.cancel()
          callers[index].cancelledAt = step
        }
      default:
        if let load = loads.pendingLoads.randomElement(using: &rng) {
          let result: Result<Data, any Error> =
            Bool.random(using: &rng)
            ? .success(Data("load \(load)".utf8)) : .failure(NSError(domain: "\(load)", code: 0))
          if loads.complete(load, with: result) { finishedAt[load] = step }
        }
      }
      await Task.yield()
    }
    // Finish every load still pending as it starts, until every caller has its result; the wait records a hang.
    let allDone = { done.all.count == callers.count }
    while !allDone() {
      try await loads.wait(for: "\(context): a load to finish, or every caller's result") {
        !loads.pendingLoads.isEmpty || allDone()
      }
      for load in loads.pendingLoads where loads.complete(load, with: .success(Data("load \(load)".utf8))) {
        finishedAt[load] = Int.max
      }
    }
    figures.callers += callers.count
    figures.cancelled += callers.filter { $0.cancelledAt != nil }.count
    figures.loads += loads.requests.count
    figures.joined += callers.count - loads.requests.count
    return try await check(callers, done: done.all, loads: loads, finishedAt: finishedAt, context: context)
  }

  private func check(
    _ callers: [(task: Task<Data, any Error>, cancelledAt: Int?)], done: Set<Int>, loads: ControlledImageLoads,
    finishedAt: [Int: Int], context: String
  ) async throws -> Bool {
    guard loads.mostRunningAtOnce <= 1 else {
      Issue.record("\(context): \(loads.mostRunningAtOnce) loads of one URL ran at once")
      return false
    }
    for (index, caller) in callers.enumerated() {
      guard done.contains(index) else {
        Issue.record("\(context): caller \(index) never got a result (a hang)")
        return false
      }
      let result = await caller.task.result
      switch (result, caller.cancelledAt) {
      case (.success(let data), let cancelledAt?):
        let load = Int(String(decoding: data, as: UTF8.self).dropFirst(5)) ?? -1
        guard let finished = finishedAt[load], finished <= cancelledAt else {
          Issue.record("\(context): caller \(index), cancelled at step \(cancelledAt), received data of load \(load)")
          return false
        }
      case (.failure(let error), nil) where error is CancellationError:
        Issue.record("\(context): caller \(index) was never cancelled but received CancellationError")
        return false
      default: break
      }
    }
    return true
  }
}

/// The callers that have their result.
final class DoneCallers: Sendable {
  private let state = Mutex<Set<Int>>([])
  private let changes: StateChanges?

  /// Callers that report each result to `changes`, if given.
  init(changes: StateChanges? = nil) {
    self.changes = changes
  }

  var all: Set<Int> { state.withLock { $0 } }

  func insert(_ index: Int) {
    state.withLock { _ = $0.insert(index) }
    changes?.changed()
  }
}
