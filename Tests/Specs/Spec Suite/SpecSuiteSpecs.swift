import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Testing

/// The spec suite is only worth running if it fails wrong stores: each broken store must fail the named spec, with
/// the failure that names what differs, not just any issue.
@Suite("The store spec suite itself")
struct SpecSuiteSpecs {
  @Test("SS-1 fails a store that appends instead of replacing")
  func appending() async throws {
    try await withKnownIssue {
      try await FeedStoreSpec.insertOverridesPreviouslyInsertedCache.verify { AppendingStore() }
    } matching: {
      $0.mentions("retrieve after a second insert: image 0: id differs", "count differs: got 16 images, expected 8")
    }
  }

  @Test("SS-2 fails a store whose retrieve deletes")
  func retrieveDeletes() async throws {
    try await withKnownIssue {
      try await FeedStoreSpec.retrieveHasNoSideEffectsOnNonEmptyCache.verify { RetrieveDeletingStore() }
    } matching: {
      $0.mentions("second retrieve after insert: got an empty cache, expected 8 images at 721234567.1234567")
    }
  }

  @Test("SS-3 fails a store with a torn two-step insert and delete")
  func tornInsert() async throws {
    try await withKnownIssue {
      try await FeedStoreSpec.concurrentOperationsAreLinearizable.verify { TornInsertStore() }
    } matching: {
      // Either way the spec sees the tear, by the interleaving of the run: a history no order of the operations
      // explains, or a reader meeting the half-written state itself.
      $0.mentions("is not linearizable", "ESSENTIALFEED_SPEC_SEED=") || $0.mentions("torn state: a reader saw")
    }
  }

  @Test(
    "SS-4 fails a store that rounds timestamps",
    arguments: [FeedStoreSpec.valuesRoundTripExactly, .retrieveDeliversFoundValuesOnNonEmptyCache])
  func roundsTimestamps(_ spec: FeedStoreSpec) async throws {
    try await withKnownIssue {
      try await spec.verify { TimestampRoundingStore() }
    } matching: {
      $0.mentions("timestamp differs: got ", ", expected ", " (bits 0x")
    }
  }

  @Test("SS-5 fails an image data store keyed by the last path component")
  func lastPathComponent() async throws {
    try await withKnownIssue {
      try await FeedImageDataStoreSpec.retrieveDeliversNotFoundForDifferentURL.verify { LastPathComponentImageStore() }
    } matching: {
      $0.mentions(
        "retrieve with a URL other than the one inserted for http", "got 11 bytes \"image bytes\", expected no data")
    }
  }

  @Test("SS-6 fails a store that keeps nil text as empty strings")
  func nilAsEmptyString() async throws {
    try await withKnownIssue {
      try await FeedStoreSpec.valuesRoundTripExactly.verify { NilAsEmptyStringStore() }
    } matching: {
      $0.mentions("round trip ", ": image ", " differs: got \"\", expected nil")
    }
  }

  @Test("SS-7 fails an image data store with a torn two-step insert")
  func tornImageInsert() async throws {
    try await withKnownIssue {
      try await FeedImageDataStoreSpec.concurrentOperationsAreLinearizable.verify { TornImageInsertStore() }
    } matching: {
      $0.mentions("is not linearizable", "ESSENTIALFEED_SPEC_SEED=")
    }
  }

  @Test("SS-8 fails a store whose failed insert loses the cache")
  func insertionFailureLosesCache() async throws {
    try await withKnownIssue {
      try await FailableFeedStoreSpec.insertHasNoSideEffectsOnFailure.verify(
        .every { InsertionFailureLosesCacheStore() })
    } matching: {
      $0.mentions("retrieve after a failed insert", "got an empty cache, expected 0 images at -978307200.0")
    }
  }

  @Test(
    "SS-11 fails stores that race without an await: two locks, two locks with nothing between, and no lock at all",
    arguments: ["two locks", "two locks, nothing between", "no lock"])
  func racesWithoutAwait(store: String) async throws {
    try await withKnownIssue {
      try await FeedStoreSpec.concurrentOperationsAreLinearizable.verify {
        switch store {
        case "two locks": TwoLockStore()
        case "no lock": UnlockedStore()
        default: TightTwoLockStore()
        }
      }
    } matching: {
      // On a machine too busy to run readers and writers at once, the spec says it could not look: never a pass.
      $0.mentions("is not linearizable", "ESSENTIALFEED_SPEC_SEED=") || $0.mentions("torn state: a reader saw")
        || $0.mentions(Issue.tornPhaseCouldNotLook)
    }
  }

  @Test("SS-12 fails a store whose replace keeps the old feed")
  func appendingReplace() async throws {
    try await withKnownIssue {
      try await FeedStoreSpec.replaceLeavesExactlyTheNewCache.verify { AppendingReplaceStore() }
    } matching: {
      $0.mentions("retrieve after replacing a full cache", "count differs: got 11 images, expected 3")
    }
  }

  @Test("SS-9 a spec called outside a Swift Testing test throws instead of passing silently")
  func outsideSwiftTesting() async {
    // A detached task inherits no task-locals, so it runs as an XCTest caller would: with no current test.
    let result = await Task.detached {
      try await FeedStoreSpec.retrieveDeliversEmptyOnEmptyCache.verify { AppendingStore() }
    }.result

    #expect(throws: SpecError.self) { try result.get() }
  }

  @Test("SS-10 a correct store passes every FeedStore spec", arguments: FeedStoreSpec.allCases)
  func correctStorePasses(_ spec: FeedStoreSpec) async throws {
    try await spec.verify { InMemoryFeedStore() }
  }

  @Test("SS-10 a correct store passes every FeedImageDataStore spec", arguments: FeedImageDataStoreSpec.allCases)
  func correctImageDataStorePasses(_ spec: FeedImageDataStoreSpec) async throws {
    try await spec.verify { InMemoryFeedStore() }
  }

  @Test("SS-10 a correct failing store passes every failable spec", arguments: FailableFeedStoreSpec.allCases)
  func correctFailingStorePasses(_ spec: FailableFeedStoreSpec) async throws {
    try await spec.verify(FailingInMemoryStore.failures)
  }

  @Test("SS-10 a correct persistent store passes every persistence spec", arguments: PersistentFeedStoreSpec.allCases)
  func correctPersistentStorePasses(_ spec: PersistentFeedStoreSpec) async throws {
    try await withTemporaryStoreDirectory { directory in
      let storeDirectory = directory.appending(path: "store")
      try await spec.verify { FileSystemFeedStore(directory: storeDirectory) }
    }
  }
}
