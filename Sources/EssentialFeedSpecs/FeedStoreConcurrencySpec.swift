import EssentialFeedCache
import Foundation
import Testing

/// FS-14: rounds of concurrent random operations with unique payloads, each round's history checked for
/// linearizability against the register model (insert replaces, delete clears, retrieve reads).
enum FeedStoreConcurrencySpec {
  enum Operation: Sendable, CustomStringConvertible {
    case insert(CachedFeed)
    case delete
    case retrieve

    var description: String {
      switch self {
      case .insert(let cache): "insert(\(describe(cache)))"
      case .delete: "delete"
      case .retrieve: "retrieve"
      }
    }
  }

  enum Output: Equatable, Sendable {
    case done
    case retrieved(CachedFeed?)
  }

  static let rounds = 200

  static func verify(_ sut: any FeedStore, sourceLocation: SourceLocation) async throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    var rng = SplitMix64(seed: seed)
    var serial = 0
    for round in 0..<rounds {
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
        case 4..<6: operations.append(.delete)
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

      let linearizable = Linearizability.expectLinearizable(
        from: initial, history, round: round, seed: seed, sourceLocation: sourceLocation
      ) { state, operation in
        switch operation {
        case .insert(let cache): (cache, .done)
        case .delete: (nil, .done)
        case .retrieve: (state, .retrieved(state))
        }
      }
      guard linearizable else { return }
    }
  }
}
