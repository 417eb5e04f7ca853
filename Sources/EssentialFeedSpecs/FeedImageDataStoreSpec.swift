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
