import EssentialFeed
import Foundation
import Synchronization
import TestSupport
import Testing

/// The shared core of the loader spies: records each load and answers with a stub, or hangs until cancelled.
final class LoadSpy<Value: Sendable>: Sendable {
  enum Stub: Sendable {
    case success(Value)
    case failure(any Error)
    /// Hang until the task is cancelled, then answer with `then`.
    case waitForCancellation(then: Result<Value, any Error>)
  }

  enum Message: Equatable {
    case load(URL?)
    case cancelled(URL?)
  }

  private struct State {
    var stub: Stub
    var messages: [Message] = []
  }

  private let state: Mutex<State>
  private let changes = StateChanges()

  init(_ stub: Stub) {
    state = Mutex(State(stub: stub))
  }

  var messages: [Message] { state.withLock { $0.messages } }
  var loadCount: Int { messages.filter { if case .load = $0 { true } else { false } }.count }

  func stub(_ stub: Stub) { state.withLock { $0.stub = stub } }

  func load(_ url: URL?) async throws -> Value {
    let stub = state.withLock {
      $0.messages.append(.load(url))
      return $0.stub
    }
    changes.changed()
    switch stub {
    case .success(let value): return value
    case .failure(let error): throw error
    case .waitForCancellation(let then):
      await suspendUntilCancelled()
      state.withLock { $0.messages.append(.cancelled(url)) }
      changes.changed()
      return try then.get()
    }
  }

  /// Suspends until `count` loads have started.
  func waitForLoads(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await changes.wait(for: "\(count) loads", sourceLocation: sourceLocation) { loadCount >= count }
  }

  /// Suspends until the spy has recorded `message`.
  func waitFor(_ message: Message, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await changes.wait(for: "\(message)", sourceLocation: sourceLocation) { messages.contains(message) }
  }
}

final class FeedLoaderSpy: FeedLoader {
  let spy: LoadSpy<[FeedImage]>

  init(_ stub: LoadSpy<[FeedImage]>.Stub = .success([])) {
    spy = LoadSpy(stub)
  }

  func load() async throws -> [FeedImage] { try await spy.load(nil) }
}

final class FeedImageDataLoaderSpy: FeedImageDataLoader {
  let spy: LoadSpy<Data>

  init(_ stub: LoadSpy<Data>.Stub = .success(Data())) {
    spy = LoadSpy(stub)
  }

  func loadImageData(from url: URL) async throws -> Data { try await spy.load(url) }
}

/// Records what is saved, and fails saves when told to.
final class FeedCacheSpy: FeedCache, FeedImageDataCache {
  enum Message: Equatable {
    case saveFeed([FeedImage])
    case saveData(Data, URL)
  }

  private let state = Mutex<(messages: [Message], error: (any Error)?)>(([], nil))

  var messages: [Message] { state.withLock { $0.messages } }

  func failSaves(with error: any Error) { state.withLock { $0.error = error } }

  func save(_ feed: [FeedImage]) async throws {
    try record(.saveFeed(feed))
  }

  func save(_ data: Data, for url: URL) async throws {
    try record(.saveData(data, url))
  }

  private func record(_ message: Message) throws {
    let error = state.withLock {
      $0.messages.append(message)
      return $0.error
    }
    if let error { throw error }
  }
}
