import EssentialFeedCache
import Foundation
import Testing

/// FS-14: rounds of concurrent random operations with unique payloads of up to a few hundred images, released
/// together by a starting gate, each round's history checked for linearizability against the register model
/// (insert overwrites, delete clears, retrieve reads). `replaceCachedFeed` is not among them: its default, delete then
/// insert, is two operations, which a store with only the three classic operations may keep (FS-15 checks its
/// outcome; the crash tests check our stores replace atomically).
///
/// Large payloads give a store that writes the feed and the timestamp in two steps a window wide enough to be seen;
/// the gate makes operations start together on several threads, so races that need no `await` show up too.
struct FeedStoreConcurrencyModel: ConcurrencyModel {
  enum Operation: Equatable, Sendable, CustomStringConvertible {
    case insert(CachedFeed)
    case delete
    case retrieve

    var description: String {
      switch self {
      case .insert(let cache): "insert(\(label(cache)))"
      case .delete: "delete"
      case .retrieve: "retrieve"
      }
    }
  }

  enum Output: Equatable, Sendable, CustomStringConvertible {
    case done
    case retrieved(CachedFeed?)

    var description: String {
      switch self {
      case .done: "done"
      case .retrieved(let cache): label(cache)
      }
    }
  }

  /// The number of payloads made so far: each insert's payload is unique in the run.
  private var serial = 0

  mutating func nextRound(_ index: Int, using rng: inout SplitMix64) -> ConcurrentRound<CachedFeed?, Operation> {
    // A known starting state for the round, set sequentially.
    let initial = Bool.random(using: &rng) ? nextCache(using: &rng) : nil
    let operations = (0..<Int.random(in: 4...8, using: &rng)).map { _ -> Operation in
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<4: .insert(nextCache(using: &rng))
      case 4, 5: .delete
      default: .retrieve
      }
    }
    return ConcurrentRound(initial: initial, setup: [initial.map(Operation.insert) ?? .delete], operations: operations)
  }

  private mutating func nextCache(using rng: inout SplitMix64) -> CachedFeed {
    serial += 1
    return Fixtures.uniqueCache(serial, using: &rng)
  }

  static func perform(_ operation: Operation, on store: any FeedStore) async throws -> Output {
    switch operation {
    case .insert(let cache):
      try await store.insert(cache.feed, timestamp: cache.timestamp)
      return .done
    case .delete:
      try await store.deleteCachedFeed()
      return .done
    case .retrieve:
      return .retrieved(try await store.retrieve())
    }
  }

  static func apply(_ operation: Operation, to state: CachedFeed?) -> (CachedFeed?, Output) {
    switch operation {
    case .insert(let cache): (cache, .done)
    case .delete: (nil, .done)
    case .retrieve: (state, .retrieved(state))
    }
  }

  static func describe(_ state: CachedFeed?) -> String {
    label(state)
  }

  static func plainRoundTrip(of operation: Operation, on store: any FeedStore) async -> String? {
    guard case .insert(let cache) = operation else { return nil }
    do {
      try await store.insert(cache.feed, timestamp: cache.timestamp)
      return Difference.between(got: try await store.retrieve(), expected: cache)
    } catch {
      return "an error: \(error)"
    }
  }
}

extension FeedStoreConcurrencyModel {
  /// FS-14: the rounds of concurrent operations, then, when they all passed, the torn-state phase.
  static func verify(_ sut: any FeedStore, seed: UInt64?, sourceLocation: SourceLocation) async {
    guard await ConcurrencySpec.verify(Self(), on: sut, seed: seed, sourceLocation: sourceLocation) else { return }
    do {
      try await verifyWholeReads(sut, sourceLocation: sourceLocation)
    } catch {
      Issue.record(error, "the torn-state phase threw", sourceLocation: sourceLocation)
    }
  }

  /// FS-14's torn-state phase: writers insert value N (two images of payload N, the timestamp of N) while readers
  /// retrieve; every cache retrieved must be one value whole.
  static func verifyWholeReads(_ store: any FeedStore, sourceLocation: SourceLocation) async throws {
    try await TornState.verify(
      "cache",
      write: { serial in
        let feed = (0..<2).map { Fixtures.image("payload \(serial) image \($0)", nil) }
        try await store.insert(feed, timestamp: Fixtures.preciseTimestamp(offset: TimeInterval(serial)))
      },
      read: {
        guard let cache = try await store.retrieve() else { return .torn("an empty cache") }
        let serials = cache.feed.map { $0.description?.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
        let timestamp = Int((cache.timestamp.timeIntervalSinceReferenceDate - 721_234_567.123_456_7).rounded())
        guard serials.count == 2, serials.allSatisfy({ $0 == timestamp }) else { return .torn(label(cache)) }
        return .whole(timestamp)
      },
      sourceLocation: sourceLocation)
  }
}

/// A payload by the serial its images carry and its timestamp's, so a torn one reads as two serials.
private func label(_ cache: CachedFeed?) -> String {
  guard let cache else { return "empty" }
  let feedSerial = cache.feed.first?.description?.split(separator: " ").dropFirst().first ?? "?"
  let timestampSerial = Int((cache.timestamp.timeIntervalSinceReferenceDate - 721_234_567.123_456_7).rounded())
  return "feed \(feedSerial) × \(cache.feed.count) at timestamp \(timestampSerial)"
}
