import EssentialFeedCache
import Foundation
import Testing

/// IS-6: rounds of concurrent inserts and retrieves over a few URLs with unique payloads, each round's history
/// checked for linearizability against a map from URL to data.
enum FeedImageDataStoreConcurrencySpec {
  enum Operation: Sendable, CustomStringConvertible {
    case insert(Data, URL)
    case retrieve(URL)

    var description: String {
      switch self {
      case .insert(let data, let url): "insert(\(String(decoding: data, as: UTF8.self)), \(url.lastPathComponent))"
      case .retrieve(let url): "retrieve(\(url.lastPathComponent))"
      }
    }
  }

  enum Output: Equatable, Sendable {
    case done
    case retrieved(Data?)
  }

  static func verify(_ sut: any FeedImageDataStore, sourceLocation: SourceLocation) async throws {
    let seed = RandomizedRounds.seed()
    var serial = 0
    try await RandomizedRounds.run(seed: seed) { round, rng in
      let urls = (0..<Int.random(in: 1...3, using: &rng)).map {
        Fixtures.url("https://images.example.com/round-\(round)/image-\($0)")
      }
      var operations: [Operation] = []
      for _ in 0..<Int.random(in: 4...8, using: &rng) {
        let url = urls[Int.random(in: 0..<urls.count, using: &rng)]
        if Bool.random(using: &rng) {
          serial += 1
          operations.append(.insert(Data("payload \(serial) \(UUID().uuidString)".utf8), url))
        } else {
          operations.append(.retrieve(url))
        }
      }

      let history = try await Linearizability.record(operations) { operation -> Output in
        switch operation {
        case .insert(let data, let url):
          try await sut.insert(data, for: url)
          return .done
        case .retrieve(let url):
          return .retrieved(try await sut.retrieve(dataForURL: url))
        }
      }

      return Linearizability.expectLinearizable(
        from: [URL: Data](), history, round: round, seed: seed, sourceLocation: sourceLocation
      ) { state, operation in
        switch operation {
        case .insert(let data, let url):
          var next = state
          next[url] = data
          return (next, .done)
        case .retrieve(let url):
          return (state, .retrieved(state[url]))
        }
      }
    }
  }
}
