/// A clock whose every deadline has passed (`fires`) or never comes: a test decides whether a timeout happens,
/// and nothing sleeps.
struct DecidedClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// Whether deadlines pass at once (`true`) or never (`false`: a sleep ends only when cancelled).
  let fires: Bool
  var now: Instant { Instant(offset: .zero) }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    guard !fires else { return }
    let (never, _) = AsyncStream.makeStream(of: Never.self)
    for await _ in never {}  // ends when the task is cancelled
    try Task.checkCancellation()
  }
}
