import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Testing

/// The spec suite is only worth running if it fails wrong stores: each broken store must fail the named spec.
@Suite("The store spec suite itself")
struct SpecSuiteSpecs {
  @Test("SS-1 fails a store that appends instead of replacing")
  func appending() async {
    await withKnownIssue {
      try await FeedStoreSpec.insertOverridesPreviouslyInsertedCache.verify { AppendingStore() }
    }
  }

  @Test("SS-2 fails a store whose retrieve deletes")
  func retrieveDeletes() async {
    await withKnownIssue {
      try await FeedStoreSpec.retrieveHasNoSideEffectsOnNonEmptyCache.verify { RetrieveDeletingStore() }
    }
  }

  @Test("SS-3 fails a store with a torn two-step insert and delete")
  func tornInsert() async {
    await withKnownIssue {
      try await FeedStoreSpec.concurrentOperationsAreLinearizable.verify { TornInsertStore() }
    }
  }

  @Test(
    "SS-4 fails a store that rounds timestamps",
    arguments: [FeedStoreSpec.valuesRoundTripExactly, .retrieveDeliversFoundValuesOnNonEmptyCache])
  func roundsTimestamps(_ spec: FeedStoreSpec) async {
    await withKnownIssue {
      try await spec.verify { TimestampRoundingStore() }
    }
  }

  @Test("SS-5 fails an image data store keyed by the last path component")
  func lastPathComponent() async {
    await withKnownIssue {
      try await FeedImageDataStoreSpec.retrieveDeliversNotFoundForDifferentURL.verify { LastPathComponentImageStore() }
    }
  }

  @Test("SS-6 fails a store that keeps nil text as empty strings")
  func nilAsEmptyString() async {
    await withKnownIssue {
      try await FeedStoreSpec.valuesRoundTripExactly.verify { NilAsEmptyStringStore() }
    }
  }

  @Test("SS-7 fails an image data store with a torn two-step insert")
  func tornImageInsert() async {
    await withKnownIssue {
      try await FeedImageDataStoreSpec.concurrentOperationsAreLinearizable.verify { TornImageInsertStore() }
    }
  }

  @Test("SS-8 fails a store whose failed insert loses the cache")
  func insertionFailureLosesCache() async {
    let failures = FeedStoreFailures(
      retrieval: { InsertionFailureLosesCacheStore() },
      insertion: { InsertionFailureLosesCacheStore() },
      deletion: { InsertionFailureLosesCacheStore() }
    )
    await withKnownIssue {
      try await FailableFeedStoreSpec.insertHasNoSideEffectsOnFailure.verify(failures)
    }
  }

  @Test(
    "SS-11 fails stores that race without an await: two locks, and no lock at all",
    arguments: [false, true])
  func racesWithoutAwait(unlocked: Bool) async {
    await withKnownIssue {
      try await FeedStoreSpec.concurrentOperationsAreLinearizable.verify {
        unlocked ? UnlockedStore() as any FeedStore : TwoLockStore()
      }
    }
  }

  @Test("SS-12 fails a store whose replace keeps the old feed")
  func appendingReplace() async {
    await withKnownIssue {
      try await FeedStoreSpec.replaceLeavesExactlyTheNewCache.verify { AppendingReplaceStore() }
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

  @Test("SS-10 passes a correct store, so the failures above are the broken stores' own")
  func correctStorePasses() async throws {
    for spec in FeedStoreSpec.allCases {
      try await spec.verify { InMemoryFeedStore() }
    }
  }
}
