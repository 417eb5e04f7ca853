import EssentialFeedCache
import Foundation
import Testing

/// Two page stores, each made to fail: one whose reads fail (a corrupt file), one where nothing can be written.
///
/// The store whose writes fail should start with a list, as a store that worked and then lost its disk does (write
/// one with a working instance, then make the location read-only and open a new instance): the spec checks a failed
/// write keeps what the store held before it, which a store that starts empty cannot show.
public struct FeedPageStoreFailures: Sendable {
  /// A store whose reads fail.
  public var retrieval: @Sendable () async throws -> any FeedPageStore
  /// A store whose appends, replaces and deletes fail; what it reads before is compared after each failed write.
  public var writing: @Sendable () async throws -> any FeedPageStore

  /// Creates the two failing stores.
  ///
  /// - Parameters:
  ///   - retrieval: Makes a store whose reads fail.
  ///   - writing: Makes a store whose writes fail.
  public init(
    retrieval: @escaping @Sendable () async throws -> any FeedPageStore,
    writing: @escaping @Sendable () async throws -> any FeedPageStore
  ) {
    self.retrieval = retrieval
    self.writing = writing
  }
}

/// The specs of page stores that can fail: every failure is delivered, and changes nothing.
public enum FailableFeedPageStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// FPF-1: reads deliver an error on a retrieval failure, every time, either way.
  case readsDeliverErrorOnFailure
  /// FPF-2: appends, replaces and deletes deliver an error on failure, and the list is the one held before them.
  case writesDeliverErrorWithoutSideEffects

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .readsDeliverErrorOnFailure: "FPF-1 reads deliver an error on a retrieval failure, every time"
    case .writesDeliverErrorWithoutSideEffects:
      "FPF-2 failed appends, replaces and deletes deliver an error and keep the earlier list"
    }
  }

  /// Runs this spec against the failing stores, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - failures: The failing stores.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test.
  public func verify(_ failures: FeedPageStoreFailures, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    try requireSwiftTesting()
    let images = numberedImages(3)
    switch self {
    case .readsDeliverErrorOnFailure:
      guard let sut = await failingStore(failures.retrieval) else { return }
      for attempt in ["first", "second"] {
        guard
          await expectThrows(
            "\(attempt) read of the first page of a corrupt list", sourceLocation,
            {
              _ = try await sut.retrievePage(after: nil, limit: 3)
            })
        else { return }
      }
      let reads: [(String, @Sendable () async throws -> Void)] = [
        ("read before an id in a corrupt list", { _ = try await sut.retrievePage(before: images[0].id, limit: 3) }),
        (
          "domain read of the first page of a corrupt list",
          { _ = try await sut.retrieveFeedPage(after: nil, limit: 3) }
        ),
        (
          "domain read before an id in a corrupt list",
          { _ = try await sut.retrieveFeedPage(before: images[0].id, limit: 3) }
        ),
      ]
      for (context, read) in reads {
        guard await expectThrows(context, sourceLocation, read) else { return }
      }
    case .writesDeliverErrorWithoutSideEffects:
      let check = "FPF-2's list kept after a failed write"
      guard let sut = await failingStore(failures.writing) else { return madeNothing(check, sourceLocation) }
      let before = await contentsIfReadable(check, sourceLocation) {
        try await sut.retrievePage(after: nil, limit: .max)
      }
      let writes: [(String, @Sendable () async throws -> Void)] = [
        ("append", { _ = try await sut.appendPage(images) }),
        ("replace", { _ = try await sut.replacePages(with: images) }),
        ("delete", { try await sut.deletePages() }),
      ]
      for (name, write) in writes {
        guard await expectThrows("\(name) where nothing can be written", sourceLocation, write), let before,
          expectPage(
            try await sut.retrievePage(after: nil, limit: .max), before,
            "the list after a failed \(name), against the list before it", sourceLocation)
        else { return }
      }
    }
  }
}

/// Records an issue, after `context`, unless `operation` throws; `false` when it did not throw.
@discardableResult
func expectThrows(
  _ context: String, _ sourceLocation: SourceLocation, _ operation: () async throws -> Void
) async -> Bool {
  do {
    try await operation()
    Issue.record(Comment(rawValue: "\(context): succeeded, expected an error"), sourceLocation: sourceLocation)
    return false
  } catch {
    return true
  }
}
