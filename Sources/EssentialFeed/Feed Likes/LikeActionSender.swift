import Foundation

/// The server's word on whether an image is liked: what its answer to a like or discard says.
public struct LikeState: Hashable, Sendable {
  /// The image.
  public let imageID: UUID
  /// Whether the server holds it liked.
  public let liked: Bool

  /// Creates a state.
  ///
  /// - Parameters:
  ///   - imageID: The image.
  ///   - liked: Whether the server holds it liked.
  public init(imageID: UUID, liked: Bool) {
    self.imageID = imageID
    self.liked = liked
  }
}

/// Sends one pending action to the server: the boundary between ``LikeSynchronizer`` and the network.
public protocol LikeActionSender: Sendable {
  /// Sends `action`, with its id as the idempotency key, and returns the server's state for its image.
  ///
  /// - Parameter action: The action to send.
  /// - Returns: The server's authoritative state for the image.
  /// - Throws: ``LikeActionRejected`` when the server refuses the action for good; any other error is worth a retry.
  func send(_ action: PendingLikeAction) async throws -> LikeState
}

/// A failure to send that may say the server could not be reached at all (no answer): ``LikeSynchronizer`` then ends
/// its pass, leaving the other actions pending, so a pass against a server that does not answer costs one timeout,
/// not one per action. A sender's errors conform to say so.
public protocol LikeSendingFailure: Error {
  /// Whether no answer came: the network or the server is down, so the next action would fail the same way.
  var serverUnreachable: Bool { get }
}

/// The server refused an action for good (a 4xx answer other than 408 and 429): sending it again cannot help.
public struct LikeActionRejected: Error, Hashable, Sendable, CustomStringConvertible {
  /// The HTTP status code of the answer.
  public let statusCode: Int

  /// Creates the error.
  ///
  /// - Parameter statusCode: The HTTP status code of the answer.
  public init(statusCode: Int) {
    self.statusCode = statusCode
  }

  /// Whether an answer with `statusCode` refuses an action for good: 4xx, except 408 (timeout) and 429 (too many).
  public static func isPermanent(_ statusCode: Int) -> Bool {
    (400..<500).contains(statusCode) && !HTTPRetryRule.isWorthARetry(statusCode: statusCode)
  }

  /// One sentence for a person.
  public var description: String { "the server refused the action (HTTP \(statusCode))" }
}

/// How long to wait before sending again after failed passes: exponential backoff with full jitter, from 1 second
/// doubling up to 5 minutes, a random delay from zero up to that bound.
public struct LikeBackoff: Hashable, Sendable {
  /// The bound after the first failure, in seconds.
  public var initial: TimeInterval
  /// The largest bound, in seconds.
  public var maximum: TimeInterval

  /// Creates a backoff.
  ///
  /// - Parameters:
  ///   - initial: The bound after the first failure (default 1 second).
  ///   - maximum: The largest bound (default 5 minutes).
  public init(initial: TimeInterval = 1, maximum: TimeInterval = 300) {
    self.initial = initial
    self.maximum = maximum
  }

  /// The upper bound of the delay after `failures` failed passes in a row (1 or more).
  public func bound(afterFailures failures: Int) -> TimeInterval {
    let doublings = min(max(failures - 1, 0), 62)
    return min(maximum, initial * pow(2, Double(doublings)))
  }

  /// The delay after `failures` failed passes: `random` picks it from zero to the bound (full jitter).
  ///
  /// - Parameters:
  ///   - failures: Failed passes in a row, 1 or more.
  ///   - random: Picks a number in a range; injected so tests are deterministic.
  public func delay(afterFailures failures: Int, random: (ClosedRange<Double>) -> Double) -> TimeInterval {
    let bound = bound(afterFailures: failures)
    return min(max(random(0...bound), 0), bound)
  }
}
