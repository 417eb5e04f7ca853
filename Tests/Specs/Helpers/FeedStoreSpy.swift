import EssentialFeedCache
import Foundation
import Synchronization

/// A `FeedStore` that records every message and answers with stubbed results.
///
/// By default it has only the three classic operations (its `replaceCachedFeed` is the protocol's delete-then-insert);
/// made with `replacesAtomically`, it replaces in one step, as the package's stores do.
final class FeedStoreSpy: FeedStore {
  enum Message: Equatable {
    case retrieve
    case deleteCachedFeed
    case insert([LocalFeedImage], Date)
    case replace([LocalFeedImage], Date)
  }

  private let replacesAtomically: Bool

  init(replacesAtomically: Bool = false) {
    self.replacesAtomically = replacesAtomically
  }

  private struct State {
    var messages: [Message] = []
    var retrieval: Result<CachedFeed?, any Error> = .success(nil)
    var deletion: Result<Void, any Error> = .success(())
    var insertion: Result<Void, any Error> = .success(())
  }

  private let state = Mutex(State())

  var messages: [Message] { state.withLock { $0.messages } }

  func stubRetrieval(_ result: Result<CachedFeed?, any Error>) { state.withLock { $0.retrieval = result } }
  func stubDeletion(_ result: Result<Void, any Error>) { state.withLock { $0.deletion = result } }
  func stubInsertion(_ result: Result<Void, any Error>) { state.withLock { $0.insertion = result } }

  func deleteCachedFeed() async throws {
    try state.withLock {
      $0.messages.append(.deleteCachedFeed)
      return $0.deletion
    }.get()
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    try state.withLock {
      $0.messages.append(.insert(feed, timestamp))
      return $0.insertion
    }.get()
  }

  func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) async throws {
    guard replacesAtomically else {
      try await deleteCachedFeed()
      try await insert(feed, timestamp: timestamp)
      return
    }
    try state.withLock {
      $0.messages.append(.replace(feed, timestamp))
      return $0.insertion
    }.get()
  }

  func retrieve() async throws -> CachedFeed? {
    try state.withLock {
      $0.messages.append(.retrieve)
      return $0.retrieval
    }.get()
  }
}

/// A `FeedImageDataStore` that records every message and answers with stubbed results.
final class FeedImageDataStoreSpy: FeedImageDataStore {
  enum Message: Equatable {
    case insert(Data, URL)
    case retrieve(URL)
  }

  private struct State {
    var messages: [Message] = []
    var retrieval: Result<Data?, any Error> = .success(nil)
    var insertion: Result<Void, any Error> = .success(())
  }

  private let state = Mutex(State())

  var messages: [Message] { state.withLock { $0.messages } }

  func stubRetrieval(_ result: Result<Data?, any Error>) { state.withLock { $0.retrieval = result } }
  func stubInsertion(_ result: Result<Void, any Error>) { state.withLock { $0.insertion = result } }

  func insert(_ data: Data, for url: URL) async throws {
    try state.withLock {
      $0.messages.append(.insert(data, url))
      return $0.insertion
    }.get()
  }

  func retrieve(dataForURL url: URL) async throws -> Data? {
    try state.withLock {
      $0.messages.append(.retrieve(url))
      return $0.retrieval
    }.get()
  }
}
