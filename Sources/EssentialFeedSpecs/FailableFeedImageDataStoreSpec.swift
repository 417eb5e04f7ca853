import EssentialFeedCache
import Foundation
import Testing

/// Two image data stores, each made to fail: one holding an image whose stored bytes were then damaged, one holding an
/// image where nothing can be written any more.
///
/// Each factory gets the URL and data to store first (with a working instance), then damages what it stored, or takes
/// away write access, and returns a new instance. A factory may throw: a store that fails when it is made delivers
/// its failure there.
public struct FeedImageDataStoreFailures: Sendable {
  /// Stores `data` for `url`, damages the stored bytes, and returns a store on them.
  public var damaged: @Sendable (_ url: URL, _ data: Data) async throws -> any FeedImageDataStore
  /// Stores `data` for `url`, makes the location read-only, and returns a store on it.
  public var writing: @Sendable (_ url: URL, _ data: Data) async throws -> any FeedImageDataStore

  /// Creates the two failing stores.
  ///
  /// - Parameters:
  ///   - damaged: Stores the data given, damages what was stored, and returns a store on it.
  ///   - writing: Stores the data given, makes the location read-only, and returns a store on it.
  public init(
    damaged: @escaping @Sendable (_ url: URL, _ data: Data) async throws -> any FeedImageDataStore,
    writing: @escaping @Sendable (_ url: URL, _ data: Data) async throws -> any FeedImageDataStore
  ) {
    self.damaged = damaged
    self.writing = writing
  }
}

/// The specs of image data stores that can fail: damaged bytes are an error, never a miss or other data, and a failed
/// write is an error that keeps what was stored.
public enum FailableFeedImageDataStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// ISF-1: a damaged image is an error on every read: never a miss, never other bytes.
  case damagedImageIsAnError
  /// ISF-2: an insert where nothing can be written is an error, and the image stored before it is still read whole.
  case failedWriteKeepsTheImage

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .damagedImageIsAnError: "ISF-1 a damaged image is an error on every read, never a miss or other bytes"
    case .failedWriteKeepsTheImage: "ISF-2 a failed insert is an error and keeps the image stored before it"
    }
  }

  /// Runs this spec against the failing stores, recording any failed check at `sourceLocation`.
  ///
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test.
  public func verify(_ failures: FeedImageDataStoreFailures, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    try requireSwiftTesting()
    let url = Fixtures.url("https://images.example.com/failable/photo.jpg?size=large")
    var rng = SplitMix64(seed: 11)
    let data = AdversarialValues.data(using: &rng, size: 4_097)
    switch self {
    case .damagedImageIsAnError:
      guard let sut = await failingStore({ try await failures.damaged(url, data) }) else { return }
      for attempt in ["first", "second"] {
        do {
          let read = try await sut.retrieve(dataForURL: url)
          let got = read.map { $0 == data ? "the bytes stored, not damaged" : Difference.summary(of: $0) } ?? "a miss"
          Issue.record(
            "\(attempt) read of a damaged image: got \(got), expected an error", sourceLocation: sourceLocation)
          return
        } catch {}
      }
    case .failedWriteKeepsTheImage:
      let check = "ISF-2's image kept after a failed insert"
      guard let sut = await failingStore({ try await failures.writing(url, data) }) else {
        return madeNothing(check, sourceLocation)
      }
      guard let before = await contentsIfReadable(check, sourceLocation, { try await sut.retrieve(dataForURL: url) })
      else { return }
      guard before == data else {
        let difference = Difference.between(got: before, expected: data) ?? "it differs"
        Issue.record(
          Comment(rawValue: "read of the image stored before the location was made read-only: \(difference)"),
          sourceLocation: sourceLocation)
        return
      }
      let other = Fixtures.url("https://images.example.com/failable/other.jpg")
      for (name, target) in [("a new image", other), ("the stored image's URL", url)] {
        guard
          await expectThrows(
            "insert of \(name) where nothing can be written", sourceLocation,
            { try await sut.insert(Data("new bytes".utf8), for: target) })
        else { return }
      }
      try await expect(sut, toRetrieve: data, for: url, "after failed inserts, the image stored before", sourceLocation)
      try await expect(sut, toRetrieve: nil, for: other, "after a failed insert of a new image", sourceLocation)
    }
  }
}
