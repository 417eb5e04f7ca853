import EssentialFeedCache
import Foundation

/// IS-6: rounds of concurrent inserts and retrieves over a few URLs of the round's own with unique payloads, each
/// round's history checked for linearizability against a map from URL to data.
struct FeedImageDataStoreConcurrencyModel: ConcurrencyModel {
  enum Operation: Equatable, Sendable, CustomStringConvertible {
    case insert(Data, URL)
    case retrieve(URL)

    var description: String {
      switch self {
      case .insert(let data, let url): "insert(\(String(decoding: data, as: UTF8.self)), \(url.lastPathComponent))"
      case .retrieve(let url): "retrieve(\(url.lastPathComponent))"
      }
    }
  }

  enum Output: Equatable, Sendable, CustomStringConvertible {
    case done
    case retrieved(Data?)

    var description: String {
      switch self {
      case .done: "done"
      case .retrieved(let data): data.map { String(reflecting: String(decoding: $0, as: UTF8.self)) } ?? "nil"
      }
    }
  }

  /// The number of payloads made so far: each insert's payload is unique in the run.
  private var serial = 0

  mutating func nextRound(_ index: Int, using rng: inout SplitMix64) -> ConcurrentRound<[URL: Data], Operation> {
    let urls = (0..<Int.random(in: 1...3, using: &rng)).map {
      Fixtures.url("https://images.example.com/round-\(index)/image-\($0)")
    }
    let operations = (0..<Int.random(in: 4...8, using: &rng)).map { _ -> Operation in
      let url = urls[Int.random(in: 0..<urls.count, using: &rng)]
      guard Bool.random(using: &rng) else { return .retrieve(url) }
      serial += 1
      return .insert(Data("payload \(serial) \(String(rng.next(), radix: 36))".utf8), url)
    }
    return ConcurrentRound(initial: [:], setup: [], operations: operations)
  }

  static func plainRoundTrip(of operation: Operation, on store: any FeedImageDataStore) async -> String? {
    guard case .insert(let data, let url) = operation else { return nil }
    do {
      try await store.insert(data, for: url)
      return Difference.between(got: try await store.retrieve(dataForURL: url), expected: data)
    } catch {
      return "an error: \(error)"
    }
  }

  static func perform(_ operation: Operation, on store: any FeedImageDataStore) async throws -> Output {
    switch operation {
    case .insert(let data, let url):
      try await store.insert(data, for: url)
      return .done
    case .retrieve(let url):
      return .retrieved(try await store.retrieve(dataForURL: url))
    }
  }

  static func apply(_ operation: Operation, to state: [URL: Data]) -> ([URL: Data], Output) {
    switch operation {
    case .insert(let data, let url):
      var next = state
      next[url] = data
      return (next, .done)
    case .retrieve(let url):
      return (state, .retrieved(state[url]))
    }
  }

  static func describe(_ state: [URL: Data]) -> String {
    state.isEmpty ? "no data for the round's URLs" : "\(state.count) URLs with data"
  }
}
