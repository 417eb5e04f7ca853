import EssentialFeedCache
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import EssentialFeed

@Suite("Send pending likes (synchronizer)")
struct LikeSynchronizerSpecs {
  @Test("LKS-4 a pass sends every pending action oldest first, one at a time, and removes each by its own answer")
  func sendsInOrder() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    let actions = try await enqueue(5, in: store)
    let sender = ScriptedSender { action in .success(LikeState(imageID: action.imageID, liked: action.kind == .like)) }
    let sut = LikeSynchronizer(store: store, sender: sender)

    let report = await sut.sendPending()

    #expect(report == LikeSynchronizer.Report(sent: 5, failed: 0, rejected: 0, pending: 0))
    #expect(sender.sent == actions)
    #expect(sender.mostInFlight == 1)
    #expect(try await store.pendingActions().isEmpty)
  }

  @Test(
    "LKS-5 the answer to an older action never removes a newer one stored while it was sent; the next pass sends it")
  func newerActionSurvivesOlderAnswer() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    let imageID = UUID()
    let older = PendingLikeAction(imageID: imageID, kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: 1))
    let newer = PendingLikeAction(imageID: imageID, kind: .discard, timestamp: Date(timeIntervalSinceReferenceDate: 2))
    try await store.enqueue(older)
    let sender = ScriptedSender { action in
      if action == older { try? await store.enqueue(newer) }  // the user acts while the older one is on the wire
      return .success(LikeState(imageID: imageID, liked: action.kind == .like))
    }
    let sut = LikeSynchronizer(store: store, sender: sender)

    #expect(await sut.sendPending().pending == 1)
    #expect(try await store.pendingActions() == [newer])
    #expect(await sut.sendPending().pending == 0)
    #expect(sender.sent == [older, newer])
  }

  @Test("LKS-6 triggers during a pass coalesce into one more pass after it")
  func triggersCoalesce() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    _ = try await enqueue(1, in: store)
    let gate = Gate()
    let sender = ScriptedSender { action in
      await gate.wait()
      return .success(LikeState(imageID: action.imageID, liked: true))
    }
    let sut = LikeSynchronizer(store: store, sender: sender)
    let callers = Mutex(0)
    await sut.observeCallers { [changes = sender.changes] in
      callers.withLock { $0 += 1 }
      changes.changed()
    }
    let first = await sut.refresh()
    try await sender.changes.wait(for: "the first send") { sender.started == 1 }
    let triggers = [
      await sut.appBecameActive(), await sut.connectivityBecameAvailable(), await sut.refresh(), await sut.refresh(),
    ]
    try await sender.changes.wait(for: "every trigger to ask for a pass") { callers.withLock { $0 } == 5 }
    try await store.enqueue(PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date()))
    gate.open()

    #expect(await first.value.sent == 1)
    for trigger in triggers { #expect(await trigger.value.sent == 1, "every trigger shares the one pass after") }
    #expect(sender.started == 2, "two passes in all: the one running and one after it")
  }

  @Test("LKS-7 failed passes back off with full jitter from 1 s doubling to 5 min; a pass with no failure resets it")
  func backoff() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    _ = try await enqueue(1, in: store)
    let failing = Mutex(true)
    let sender = ScriptedSender { action in
      failing.withLock { $0 }
        ? .failure(URLError(.notConnectedToInternet)) : .success(LikeState(imageID: action.imageID, liked: true))
    }
    let delays = DelayRecorder(stopAfter: 12)
    let sut = LikeSynchronizer(
      store: store, sender: sender, sleep: { try await delays.sleep($0) }, random: { $0.upperBound })

    _ = await sut.sendPending()
    try await delays.changes.wait(for: "12 retries") { delays.recorded.count == 12 }
    #expect(delays.recorded == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300])
    #expect(LikeBackoff().delay(afterFailures: 3, random: { $0.lowerBound }) == 0)

    await sut.stop()
    failing.withLock { $0 = false }
    #expect(await sut.sendPending().sent == 1)

    failing.withLock { $0 = true }
    try await store.enqueue(PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date()))
    let before = delays.recorded.count
    _ = await sut.sendPending()
    try await delays.changes.wait(for: "a retry") { delays.recorded.count > before }
    #expect(delays.recorded[before] == 1, "the pass with no failure reset the backoff")
  }

  @Test("LKS-10 stop() ends the retries: a pass failing after it schedules none, until the next send")
  func stopEndsRetries() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    _ = try await enqueue(1, in: store)
    let gate = Gate()
    let sleeps = Mutex(0)
    let sender = ScriptedSender { _ in
      await gate.wait()
      return .failure(URLError(.timedOut))
    }
    let sut = LikeSynchronizer(
      store: store, sender: sender,
      sleep: { _ in
        sleeps.withLock { $0 += 1 }
        await suspendUntilCancelled()
        throw CancellationError()
      })
    let pass = await sut.refresh()
    try await sender.changes.wait(for: "the send") { sender.started == 1 }
    await sut.stop()
    gate.open()

    // The pass schedules its retry, or none, before it returns its report: nothing is left to happen after it.
    #expect(await pass.value.failed == 1)
    #expect(await sut.isRetryScheduled == false, "a retry was scheduled after stop()")
    #expect(sleeps.withLock { $0 } == 0, "a retry was scheduled after stop()")
  }

  @Test("LKS-8 a refused action is dropped and reported; a failed one stays pending")
  func refusalsAndFailures() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    let actions = try await enqueue(3, in: store)
    let events = Mutex<[LikeSynchronizer.Event]>([])
    let sender = ScriptedSender { action in
      switch action {
      case actions[0]: .failure(LikeActionRejected(statusCode: 403))
      case actions[1]: .failure(URLError(.timedOut))
      default: .success(LikeState(imageID: action.imageID, liked: true))
      }
    }
    let sut = LikeSynchronizer(
      store: store, sender: sender, sleep: { _ in throw CancellationError() },
      onEvent: { event in
        events.withLock { $0.append(event) }
      })

    #expect(await sut.sendPending() == LikeSynchronizer.Report(sent: 1, failed: 1, rejected: 1, pending: 1))
    #expect(try await store.pendingActions() == [actions[1]])
    #expect(
      events.withLock { $0 } == [
        .rejected(actions[0], LikeActionRejected(statusCode: 403)),
        .answered(actions[2], LikeState(imageID: actions[2].imageID, liked: true)),
      ])
  }

  @Test(
    "LKS-9 cancel: a discard before the like was sent replaces it; only the discard is sent, and the image ends unliked"
  )
  func discardBeforeSendCancelsTheLike() async throws {
    let store: any PendingLikeActionStore = InMemoryFeedStore()
    let imageID = UUID()
    let like = PendingLikeAction(imageID: imageID, kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: 1))
    let discard = PendingLikeAction(
      imageID: imageID, kind: .discard, timestamp: Date(timeIntervalSinceReferenceDate: 2))
    try await store.enqueue(like)
    try await store.enqueue(discard)
    let sender = ScriptedSender { .success(LikeState(imageID: $0.imageID, liked: $0.kind.liked)) }

    #expect(await LikeSynchronizer(store: store, sender: sender).sendPending().sent == 1)
    #expect(sender.sent == [discard])
    #expect(try await store.pendingActions().isEmpty)
  }

  private func enqueue(_ count: Int, in store: any PendingLikeActionStore) async throws -> [PendingLikeAction] {
    let actions = (0..<count).map {
      PendingLikeAction(
        imageID: UUID(), kind: $0 % 2 == 0 ? .like : .discard,
        timestamp: Date(timeIntervalSinceReferenceDate: 100 + Double($0)))
    }
    for action in actions.reversed() { try await store.enqueue(action) }
    return actions
  }
}

/// A sender whose answer to each action a closure decides; it counts what it sent and how many were in flight.
final class ScriptedSender: LikeActionSender {
  private struct State {
    var sent: [PendingLikeAction] = []
    var started = 0
    var inFlight = 0
    var mostInFlight = 0
  }

  private let state = Mutex(State())
  private let script: @Sendable (PendingLikeAction) async -> Result<LikeState, any Error>
  /// Told of every send started or ended.
  let changes = StateChanges()

  init(_ script: @escaping @Sendable (PendingLikeAction) async -> Result<LikeState, any Error>) {
    self.script = script
  }

  var sent: [PendingLikeAction] { state.withLock { $0.sent } }
  var started: Int { state.withLock { $0.started } }
  var mostInFlight: Int { state.withLock { $0.mostInFlight } }

  func send(_ action: PendingLikeAction) async throws -> LikeState {
    state.withLock {
      $0.started += 1
      $0.inFlight += 1
      $0.mostInFlight = max($0.mostInFlight, $0.inFlight)
    }
    changes.changed()
    let result = await script(action)
    state.withLock {
      $0.inFlight -= 1
      $0.sent.append(action)
    }
    changes.changed()
    return try result.get()
  }
}

/// Holds callers until opened.
final class Gate: Sendable {
  private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let resume = state.withLock { state -> Bool in
        if state.open { return true }
        state.waiting.append(continuation)
        return false
      }
      if resume { continuation.resume() }
    }
  }

  func open() {
    let waiting = state.withLock { state in
      state.open = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}

/// A sleep that records each delay and returns at once, until it has recorded `stopAfter`: then it throws, which
/// ends the retries.
final class DelayRecorder: Sendable {
  private let delays = Mutex<[TimeInterval]>([])
  private let stopAfter: Int
  /// Told of every delay recorded.
  let changes = StateChanges()

  init(stopAfter: Int) {
    self.stopAfter = stopAfter
  }

  var recorded: [TimeInterval] { delays.withLock { $0 } }

  func sleep(_ delay: TimeInterval) async throws {
    let count = delays.withLock { delays in
      delays.append(delay)
      return delays.count
    }
    changes.changed()
    if count >= stopAfter { throw CancellationError() }
  }
}
