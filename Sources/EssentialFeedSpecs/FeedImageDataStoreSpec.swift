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
  /// IS-7: generated histories of inserts and reads (with the store's other capabilities, and writes from cancelled
  /// tasks) over URLs that differ in one character, data past 64 KiB, agree with a reference model exactly.
  case generatedHistoriesMatchTheModel

  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .retrieveDeliversNotFoundWhenEmpty: "IS-1 retrieve delivers not found on an empty store"
    case .retrieveDeliversNotFoundForDifferentURL: "IS-2 retrieve delivers not found for a different URL"
    case .retrieveDeliversFoundDataForMatchingURL: "IS-3 retrieve delivers the data stored for the matching URL"
    case .lastInsertWins: "IS-4 the last insert for a URL wins"
    case .retrieveHasNoSideEffects: "IS-5 retrieve has no side effects"
    case .concurrentOperationsAreLinearizable: "IS-6 concurrent operations are linearizable"
    case .generatedHistoriesMatchTheModel: "IS-7 generated histories agree with the model exactly"
    }
  }

  /// Runs this spec against a store from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// A failed check names the URL and the first difference: the byte offset or the length, and both values.
  ///
  /// - Parameters:
  ///   - seed: The seed of the randomized spec, IS-6, which every failure of it prints: pass it back to replay
  ///     the same rounds. `nil` takes `ESSENTIALFEED_SPEC_SEED` from the environment, else a random seed. The other
  ///     specs ignore it.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes the store under test, empty. It is called once; IS-7 calls it once per history (a store on
  ///     the same location as the last one is emptied through its own operations first).
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws
  ///   where the spec expects success, except in IS-6, which records it as a failure with its seed.
  public func verify(
    seed: UInt64? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedImageDataStore
  ) async throws {
    try requireSwiftTesting()
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(.init(id: "IS-7", focus: .images), seed: seed, sourceLocation: sourceLocation) {
        try await makeSUT()
      }
      return
    }
    let sut = try await makeSUT()
    let url = Fixtures.url("https://images.example.com/path/photo.jpg?size=large")
    let data = Data("image bytes".utf8)
    switch self {
    case .generatedHistoriesMatchTheModel:
      return
    case .retrieveDeliversNotFoundWhenEmpty:
      try await expect(sut, toRetrieve: nil, for: url, "retrieve on an empty store", sourceLocation)

    case .retrieveDeliversNotFoundForDifferentURL:
      try await sut.insert(data, for: url)
      for other in [
        "https://other.example.com/path/photo.jpg?size=large",
        "https://images.example.com/path/photo.jpg?size=small",
        "https://images.example.com/path/photo.jpg",
        "https://images.example.com/other/photo.jpg?size=large",
        "http://images.example.com/path/photo.jpg?size=large",
      ] {
        let context = "retrieve with a URL other than the one inserted"
        try await expect(sut, toRetrieve: nil, for: Fixtures.url(other), context, sourceLocation)
      }

    case .retrieveDeliversFoundDataForMatchingURL:
      try await verifyMatchingURLs(sut, url, data, sourceLocation)

    case .lastInsertWins:
      let last = Data("last bytes".utf8)
      try await sut.insert(data, for: url)
      try await sut.insert(last, for: url)
      try await expect(sut, toRetrieve: last, for: url, "retrieve after two inserts", sourceLocation)

    case .retrieveHasNoSideEffects:
      try await sut.insert(data, for: url)
      try await expect(sut, toRetrieve: data, for: url, "first retrieve after insert", sourceLocation)
      try await expect(sut, toRetrieve: data, for: url, "second retrieve after insert", sourceLocation)
      let missing = Fixtures.url("https://images.example.com/missing")
      try await expect(sut, toRetrieve: nil, for: missing, "first retrieve of a missing URL", sourceLocation)
      try await expect(sut, toRetrieve: nil, for: missing, "second retrieve of a missing URL", sourceLocation)

    case .concurrentOperationsAreLinearizable:
      await ConcurrencySpec.verify(
        FeedImageDataStoreConcurrencyModel(), on: sut, seed: seed, sourceLocation: sourceLocation)
    }
  }

  /// IS-3: every URL, the strange ones too, and empty data, retrieves what was stored for exactly it.
  private func verifyMatchingURLs(
    _ sut: any FeedImageDataStore, _ url: URL, _ data: Data, _ sourceLocation: SourceLocation
  ) async throws {
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
    try await expect(sut, toRetrieve: data, for: url, "retrieve after insert", sourceLocation)
    for (index, each) in urls.enumerated() {
      try await expect(sut, toRetrieve: Data("bytes \(index)".utf8), for: each, "retrieve after insert", sourceLocation)
    }
    let empty = Fixtures.url("https://images.example.com/empty")
    try await sut.insert(Data(), for: empty)
    try await expect(sut, toRetrieve: Data(), for: empty, "retrieve after inserting empty data", sourceLocation)
  }
}
