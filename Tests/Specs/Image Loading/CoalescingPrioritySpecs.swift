import Foundation
import Synchronization
import TestSupport
import Testing

@testable import EssentialFeed

@Suite("Coalescing image loads: priority")
struct CoalescingPrioritySpecs {
  let url = URL(fileURLWithPath: "/").appending(path: "image")

  @Test("CO-7 a caller of higher priority joining a shared load raises the load's priority to its own")
  func joiningRaisesPriority() async throws {
    let loader = PriorityRecordingLoader()
    let sut = CoalescingFeedImageDataLoader(decorating: loader)
    let prefetch = Task(priority: .low) { try await sut.loadImageData(from: url) }
    try await loader.changes.wait(for: "the prefetch's load started") { loader.started != nil }
    #expect(loader.started == .low)

    let visible = Task(priority: .high) { try await sut.loadImageData(from: url) }

    try await loader.changes.wait(for: "the load raised to high") {
      loader.escalations.last.map { $0 >= .high } ?? false
    }
    loader.finish(with: Data("image".utf8))
    #expect(try await visible.value == Data("image".utf8))
    #expect(try await prefetch.value == Data("image".utf8))
    #expect(loader.loads == 1)
  }

  @Test("CO-7 a caller of the same or lower priority leaves the load's priority as it is")
  func joiningLowerKeepsPriority() async throws {
    let loader = PriorityRecordingLoader()
    let sut = CoalescingFeedImageDataLoader(decorating: loader)
    let first = Task(priority: .medium) { try await sut.loadImageData(from: url) }
    try await loader.changes.wait(for: "the load started") { loader.started != nil }
    sut.observe(loader.changes.changed)
    let joined = Task(priority: .low) { try await sut.loadImageData(from: url) }
    let again = Task(priority: .medium) { try await sut.loadImageData(from: url) }
    try await loader.changes.wait(for: "three callers sharing the load") { sut.callerCount(of: url) == 3 }
    loader.finish(with: Data("image".utf8))

    for caller in [first, joined, again] { #expect(try await caller.value == Data("image".utf8)) }
    #expect(loader.escalations.isEmpty, "escalated to \(loader.escalations)")
    #expect(loader.loads == 1)
  }
}

/// One load at a time that waits for ``finish(with:)``, recording the priority it started at and each escalation.
private final class PriorityRecordingLoader: FeedImageDataLoader, Sendable {
  private struct State {
    var started: TaskPriority?
    var escalations: [TaskPriority] = []
    var loads = 0
    var result: Data?
    var waiting: CheckedContinuation<Data, Never>?
  }

  let changes = StateChanges()
  private let state = Mutex(State())

  var started: TaskPriority? { state.withLock { $0.started } }
  var escalations: [TaskPriority] { state.withLock { $0.escalations } }
  var loads: Int { state.withLock { $0.loads } }

  func loadImageData(from url: URL) async throws -> Data {
    state.withLock {
      $0.started = Task.currentPriority
      $0.loads += 1
    }
    changes.changed()
    return await withTaskPriorityEscalationHandler {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state in
          if state.result == nil { state.waiting = continuation }
          return state.result
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onPriorityEscalated: { _, new in
      self.state.withLock { $0.escalations.append(new) }
      self.changes.changed()
    }
  }

  func finish(with data: Data) {
    let waiting = state.withLock { state in
      state.result = data
      defer { state.waiting = nil }
      return state.waiting
    }
    waiting?.resume(returning: data)
  }
}
