import EssentialFeedSpecs
import Testing

/// A failing store may start with contents (a store that worked, then lost its disk): the failable specs then check
/// that every failed write keeps them, and fail a store whose failure loses them.
@Suite("The failable specs check a failed write keeps the earlier contents")
struct SpecSuiteFailedWriteSpecs {
  @Test(
    "SS-44 correct failing stores that start with contents pass every failable search spec",
    arguments: FailableFeedSearchStoreSpec.allCases)
  func searchStoreWithContentsPasses(_ spec: FailableFeedSearchStoreSpec) async throws {
    try await spec.verify(FailingSearchStoreWithContents.failures())
  }

  @Test(
    "SS-44 correct failing stores that start with contents pass every failable page spec",
    arguments: FailableFeedPageStoreSpec.allCases)
  func pageStoreWithContentsPasses(_ spec: FailableFeedPageStoreSpec) async throws {
    try await spec.verify(FailingPageStoreWithContents.failures())
  }

  @Test(
    "SS-44 correct failing stores that start with contents pass every failable pending like spec",
    arguments: FailablePendingLikeActionStoreSpec.allCases)
  func pendingLikeStoreWithContentsPasses(_ spec: FailablePendingLikeActionStoreSpec) async throws {
    try await spec.verify(FailingPendingLikeStoreWithContents.failures())
  }

  @Test(
    "SS-45 each failable search spec fails a store whose failed write loses the earlier search",
    arguments: [
      (
        FailableFeedSearchStoreSpec.replaceDeliversErrorWithoutSideEffects, LosingWrite.replace,
        "after a failed replace"
      ),
      (.replaceDeliversErrorWithoutSideEffects, .append, "after a failed append"),
      (.deleteDeliversErrorOnFailure, .delete, "after a failed delete"),
    ])
  func searchStoreLosingContents(_ spec: FailableFeedSearchStoreSpec, losing: LosingWrite, expected: String)
    async throws
  {
    try await withKnownIssue {
      try await spec.verify(FailingSearchStoreWithContents.failures(losing: losing))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("\(expected), against the search before it: got an empty") }
    }
  }

  @Test(
    "SS-45 the failable page spec fails a store whose failed write loses the earlier list",
    arguments: [(LosingWrite.append, "append"), (.replace, "replace"), (.delete, "delete")])
  func pageStoreLosingContents(losing: LosingWrite, write: String) async throws {
    try await withKnownIssue {
      try await FailableFeedPageStoreSpec.writesDeliverErrorWithoutSideEffects.verify(
        FailingPageStoreWithContents.failures(losing: losing))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("the list after a failed \(write), against the list before it: count differs: got 0")
      }
    }
  }

  @Test(
    "SS-45 the failable pending like spec fails a store whose failed write loses the earlier actions",
    arguments: [(LosingWrite.enqueue, "enqueue"), (.remove, "removal")])
  func pendingLikeStoreLosingContents(losing: LosingWrite, write: String) async throws {
    try await withKnownIssue {
      try await FailablePendingLikeActionStoreSpec.unwritableStoreThrows.verify(
        FailingPendingLikeStoreWithContents.failures(losing: losing))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("after a failed \(write), against the actions before it: pending actions []")
      }
    }
  }
}
