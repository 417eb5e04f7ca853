import Foundation
import Synchronization

/// The demo server's likes: which images are liked, in the order they were liked, and which idempotency keys it has
/// applied, so an action sent twice (its first answer lost) has one effect.
public final class DemoLikes: Sendable {
  /// What the server holds: the liked images in order, and how many times each key changed anything (at most once).
  public struct Snapshot: Sendable, Equatable {
    /// The liked images, oldest like first.
    public var liked: [UUID]
    /// Each idempotency key applied, with how many times it was applied.
    public var applied: [String: Int]
    /// Requests answered 503 without applying anything.
    public var failedBefore: Int
    /// Requests answered 503 after applying the change: the answer lost.
    public var failedAfter: Int
    /// Requests that carried a key already applied: answered with its first answer, changing nothing.
    public var repeats: Int
    /// Requests that reused a key for another image or another action: a client bug.
    public var conflicts: Int
  }

  private struct State {
    var liked: [UUID] = []
    var answers: [String: (imageID: UUID, liked: Bool)] = [:]
    var repeats = 0
    var conflicts = 0
    var applied: [String: Int] = [:]
    var failedBefore = 0
    var failedAfter = 0
  }

  private let state = Mutex(State())

  /// Creates an empty set of likes.
  public init() {}

  /// What the server holds now.
  public var snapshot: Snapshot {
    state.withLock {
      Snapshot(
        liked: $0.liked, applied: $0.applied, failedBefore: $0.failedBefore, failedAfter: $0.failedAfter,
        repeats: $0.repeats, conflicts: $0.conflicts)
    }
  }

  /// Counts a request answered 503, before or after its change was applied.
  func recordFailure(afterApplying: Bool) {
    state.withLock { state in
      if afterApplying {
        state.failedAfter += 1
      } else {
        state.failedBefore += 1
      }
    }
  }

  /// Applies a like (`liked` true) or discard of `imageID` under `key`, once: a key seen before changes nothing and
  /// gets the first answer again.
  ///
  /// - Returns: Whether the image is liked after the action (the first application's answer, for a repeated key).
  public func apply(key: String, imageID: UUID, liked: Bool) -> Bool {
    state.withLock { state in
      if let first = state.answers[key] {
        state.repeats += 1
        if first != (imageID, liked) { state.conflicts += 1 }
        return first.liked
      }
      if liked, !state.liked.contains(imageID) { state.liked.append(imageID) }
      if !liked { state.liked.removeAll { $0 == imageID } }
      state.answers[key] = (imageID, liked)
      state.applied[key, default: 0] += 1
      return liked
    }
  }

  /// The liked images after `afterID` (from the start when `nil`), at most `limit`; `nil` when `afterID` is not liked.
  public func page(after afterID: UUID?, limit: Int) -> [UUID]? {
    state.withLock { state in
      var start = 0
      if let afterID {
        guard let index = state.liked.firstIndex(of: afterID) else { return nil }
        start = index + 1
      }
      return Array(state.liked[start..<min(state.liked.count, start + limit)])
    }
  }
}
