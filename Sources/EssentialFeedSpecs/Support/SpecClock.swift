import Foundation
import Synchronization

/// A clock a spec moves by hand, for a store's `currentDate`.
public final class SpecClock: Sendable {
  private let date: Mutex<Date>

  /// Creates a clock at `start`.
  ///
  /// - Parameter start: The first time it reads.
  public init(start: Date = Date(timeIntervalSinceReferenceDate: 721_234_567)) {
    date = Mutex(start)
  }

  /// The time now, by this clock.
  @Sendable public func now() -> Date {
    date.withLock { $0 }
  }

  /// Moves the clock on by `interval` seconds.
  ///
  /// - Parameter interval: How far to move; negative moves it back.
  public func advance(by interval: TimeInterval) {
    date.withLock { $0 += interval }
  }
}
