import EssentialFeedCache
import Foundation
import Testing

/// The specs every `FeedImageDataStore` must pass, each a value with a readable name.
///
/// ```swift
/// @Test(arguments: FeedImageDataStoreSpec.allCases)
/// func myImageStore(_ spec: FeedImageDataStoreSpec) async throws {
///   try await spec.verify { MyStore() }
/// }
/// ```
public enum FeedImageDataStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// IS-1: retrieve delivers not found on an empty store.
  case retrieveDeliversNotFoundWhenEmpty
  /// IS-2: retrieve delivers not found for a URL that differs only in host, only in query, or shares the last path
  /// component.
  case retrieveDeliversNotFoundForDifferentURL
  /// IS-3: retrieve delivers the data stored for the matching URL.
  case retrieveDeliversFoundDataForMatchingURL
  /// IS-4: the last insert for a URL wins.
  case lastInsertWins
  /// IS-5: retrieve has no side effects.
  case retrieveHasNoSideEffects
  /// IS-6: concurrent operations are linearizable.
  case concurrentOperationsAreLinearizable

  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .retrieveDeliversNotFoundWhenEmpty: "IS-1 retrieve delivers not found on an empty store"
    case .retrieveDeliversNotFoundForDifferentURL: "IS-2 retrieve delivers not found for a different URL"
    case .retrieveDeliversFoundDataForMatchingURL: "IS-3 retrieve delivers the data stored for the matching URL"
    case .lastInsertWins: "IS-4 the last insert for a URL wins"
    case .retrieveHasNoSideEffects: "IS-5 retrieve has no side effects"
    case .concurrentOperationsAreLinearizable: "IS-6 concurrent operations are linearizable"
    }
  }

  /// Runs this spec against a store from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes the store under test, empty. It is called once.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws
  ///   where the spec expects success.
  public func verify(
    sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedImageDataStore
  ) async throws {
    try requireSwiftTesting()
    let sut = try await makeSUT()
    let url = Fixtures.url("https://images.example.com/path/photo.jpg?size=large")
    let data = Data("image bytes".utf8)
    switch self {
    case .retrieveDeliversNotFoundWhenEmpty:
      #expect(try await sut.retrieve(dataForURL: url) == nil, sourceLocation: sourceLocation)

    case .retrieveDeliversNotFoundForDifferentURL:
      try await sut.insert(data, for: url)
      for other in [
        "https://other.example.com/path/photo.jpg?size=large",
        "https://images.example.com/path/photo.jpg?size=small",
        "https://images.example.com/path/photo.jpg",
        "https://images.example.com/other/photo.jpg?size=large",
        "http://images.example.com/path/photo.jpg?size=large",
      ] {
        let found = try await sut.retrieve(dataForURL: Fixtures.url(other))
        #expect(found == nil, "found data for \(other), which was never inserted", sourceLocation: sourceLocation)
      }

    case .retrieveDeliversFoundDataForMatchingURL:
      let others = ["https://images.example.com/a.jpg", "https://images.example.com/b.jpg?x=1"].map(Fixtures.url)
      let strange = [
        "https://images.example.com/%2E%2E/%2E%2E/etc/passwd", "https://images.example.com/../../x",
        "https://images.example.com/\(String(repeating: "long-path/", count: 300))end.jpg",
        "https://images.example.com/caf%C3%A9/%F0%9F%8C%8D.jpg", "https://images.example.com/a%2Fb",
      ].map(Fixtures.url)
      let urls = others + strange
      for (index, each) in urls.enumerated() {
        try await sut.insert(Data("bytes \(index)".utf8), for: each)
      }
      try await sut.insert(data, for: url)
      #expect(try await sut.retrieve(dataForURL: url) == data, sourceLocation: sourceLocation)
      for (index, each) in urls.enumerated() {
        let found = try await sut.retrieve(dataForURL: each)
        #expect(found == Data("bytes \(index)".utf8), "wrong data for \(each)", sourceLocation: sourceLocation)
      }
      let empty = Fixtures.url("https://images.example.com/empty")
      try await sut.insert(Data(), for: empty)
      #expect(try await sut.retrieve(dataForURL: empty) == Data(), sourceLocation: sourceLocation)

    case .lastInsertWins:
      let last = Data("last bytes".utf8)
      try await sut.insert(data, for: url)
      try await sut.insert(last, for: url)
      #expect(try await sut.retrieve(dataForURL: url) == last, sourceLocation: sourceLocation)

    case .retrieveHasNoSideEffects:
      try await sut.insert(data, for: url)
      #expect(try await sut.retrieve(dataForURL: url) == data, sourceLocation: sourceLocation)
      #expect(try await sut.retrieve(dataForURL: url) == data, sourceLocation: sourceLocation)
      let missing = Fixtures.url("https://images.example.com/missing")
      #expect(try await sut.retrieve(dataForURL: missing) == nil, sourceLocation: sourceLocation)
      #expect(try await sut.retrieve(dataForURL: missing) == nil, sourceLocation: sourceLocation)

    case .concurrentOperationsAreLinearizable:
      try await FeedImageDataStoreConcurrencySpec.verify(sut, sourceLocation: sourceLocation)
    }
  }
}

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
