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
enum FeedStoreConcurrencySpec {
  enum Operation: Sendable, CustomStringConvertible {
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

  static func verify(_ sut: any FeedStore, sourceLocation: SourceLocation) async throws {
    let seed = RandomizedRounds.seed()
    var serial = 0
    try await RandomizedRounds.run(seed: seed) { round, rng in
      // A known starting state for the round, set sequentially.
      let initial: CachedFeed?
      if Bool.random(using: &rng) {
        serial += 1
        let cache = Fixtures.uniqueCache(serial, using: &rng)
        try await sut.insert(cache.feed, timestamp: cache.timestamp)
        initial = cache
      } else {
        try await sut.deleteCachedFeed()
        initial = nil
      }

      var operations: [Operation] = []
      for _ in 0..<Int.random(in: 4...8, using: &rng) {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<4:
          serial += 1
          operations.append(.insert(Fixtures.uniqueCache(serial, using: &rng)))
        case 4, 5: operations.append(.delete)
        default: operations.append(.retrieve)
        }
      }

      let history = try await Linearizability.record(operations) { operation -> Output in
        switch operation {
        case .insert(let cache):
          try await sut.insert(cache.feed, timestamp: cache.timestamp)
          return .done
        case .delete:
          try await sut.deleteCachedFeed()
          return .done
        case .retrieve:
          return .retrieved(try await sut.retrieve())
        }
      }

      return Linearizability.expectLinearizable(
        from: initial, history, round: round, seed: seed, sourceLocation: sourceLocation, describeState: label
      ) { state, operation in
        switch operation {
        case .insert(let cache): (cache, .done)
        case .delete: (nil, .done)
        case .retrieve: (state, .retrieved(state))
        }
      }
    }
  }
}

/// A payload by the serial its images carry and its timestamp's, so a torn one reads as two serials.
private func label(_ cache: CachedFeed?) -> String {
  guard let cache else { return "empty" }
  let feedSerial = cache.feed.first?.description?.split(separator: " ").dropFirst().first ?? "?"
  let timestampSerial = Int((cache.timestamp.timeIntervalSinceReferenceDate - 721_234_567.123_456_7).rounded())
  return "feed \(feedSerial) × \(cache.feed.count) at timestamp \(timestampSerial)"
}
