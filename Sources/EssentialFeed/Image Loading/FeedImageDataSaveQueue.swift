import Foundation
import Synchronization

/// A local image cache whose saves wait in a bounded queue instead of in their loads: a save returns once it is
/// queued, and one worker hands the queued images to the cache in turn.
///
/// - Memory stays bounded however slow the cache: at most `capacity` images wait (the one being saved included). A
///   save that finds the queue full waits for room (a caller inside a request limiter's slot then holds its slot,
///   so nothing more downloads), and a cancelled caller stops waiting at once, saving nothing.
/// - One URL, one save: a save of a URL already queued is skipped, and a load of a queued URL is answered from the
///   queue, so an image that many items share is downloaded and saved once, even before its save completes.
/// - A failed cache costs one wait, not one per image: when a save fails (the database busy past its timeout, a
///   full disk), the images queued are dropped and every later save is skipped. A cache save may be skipped; a load
///   never fails because of one.
///
/// Call ``waitUntilSaved()`` before the process ends: the worker keeps the queue until it is empty.
public final class FeedImageDataSaveQueue: FeedImageDataLoader, FeedImageDataCache {
  private struct Queued {
    let url: URL
    let data: Data
  }

  private struct State {
    var queued: [Queued] = []
    var saving: Queued?
    var failed = false
    var working = false
    var idle: [CheckedContinuation<Void, Never>] = []
    var mostHeld = 0
    var observer: (@Sendable () -> Void)?
  }

  /// The most images waiting at once, the one being saved included.
  public let capacity: Int
  private let cache: any FeedImageDataLoader & FeedImageDataCache
  private let room: AsyncSemaphore
  private let state = Mutex(State())

  /// Creates a queue in front of `cache`.
  ///
  /// - Parameters:
  ///   - cache: The local cache that loads and saves, such as a `LocalFeedImageDataLoader`.
  ///   - capacity: The most images waiting to be saved at once; at least 1.
  public init(decorating cache: any FeedImageDataLoader & FeedImageDataCache, capacity: Int) {
    self.cache = cache
    self.capacity = max(1, capacity)
    room = AsyncSemaphore(permits: self.capacity)
  }

  /// The data queued for `url`, if it waits to be saved; else the cache's.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The image's data.
  /// - Throws: The cache's error when nothing is queued for `url`.
  public func loadImageData(from url: URL) async throws -> Data {
    let queued = state.withLock { state in
      state.saving?.url == url ? state.saving?.data : state.queued.last { $0.url == url }?.data
    }
    if let queued { return queued }
    return try await cache.loadImageData(from: url)
  }

  /// Queues `data` to be saved for `url`, waiting for room when the queue is full; skips it when `url` is queued
  /// already, after a failed save, or when the caller is cancelled while it waits.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL.
  public func save(_ data: Data, for url: URL) async {
    guard !skips(url), await room.acquire() else { return }
    let (queued, start) = state.withLock { state -> (Bool, Bool) in
      guard !state.failed, state.saving?.url != url, !state.queued.contains(where: { $0.url == url }) else {
        return (false, false)
      }
      state.queued.append(Queued(url: url, data: data))
      state.mostHeld = max(state.mostHeld, state.queued.count + (state.saving == nil ? 0 : 1))
      defer { state.working = true }
      return (true, !state.working)
    }
    guard queued else { return room.release() }
    notify()
    if start { Task { await self.work() } }
  }

  /// Waits until every queued image was saved, or dropped after a failed save.
  public func waitUntilSaved() async {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state in
        guard state.working else { return true }
        state.idle.append(continuation)
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// Whether a save failed, so that later ones are skipped.
  public var hasFailed: Bool { state.withLock { $0.failed } }

  /// The most images held at once so far, the one being saved included; and the saves waiting for room now.
  var mostHeld: Int { state.withLock { $0.mostHeld } }
  var waitingForRoom: Int { room.waitingCount }

  /// Calls `observer` after every change of the queue or of its waiting saves: a test waits without polling.
  func observe(_ observer: @escaping @Sendable () -> Void) {
    state.withLock { $0.observer = observer }
    room.observe(observer)
  }

  private func skips(_ url: URL) -> Bool {
    state.withLock { $0.failed || $0.saving?.url == url || $0.queued.contains { $0.url == url } }
  }

  /// Saves the queued images in turn until none is left; a failed save drops the others and ends the queue's saves.
  private func work() async {
    while let next = takeNext() {
      let saved: Void? = try? await cache.save(next.data, for: next.url)
      finished(failed: saved == nil)
    }
  }

  private func takeNext() -> Queued? {
    let (next, idle) = state.withLock { state -> (Queued?, [CheckedContinuation<Void, Never>]) in
      guard !state.queued.isEmpty else {
        state.working = false
        defer { state.idle = [] }
        return (nil, state.idle)
      }
      state.saving = state.queued.removeFirst()
      return (state.saving, [])
    }
    for waiter in idle { waiter.resume() }
    return next
  }

  private func finished(failed: Bool) {
    let released = state.withLock { state -> Int in
      state.saving = nil
      guard failed else { return 1 }
      state.failed = true
      defer { state.queued = [] }
      return 1 + state.queued.count
    }
    for _ in 0..<released { room.release() }
    notify()
  }

  private func notify() { state.withLock { $0.observer }?() }
}
