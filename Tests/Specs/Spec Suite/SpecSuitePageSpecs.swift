import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Testing

@Suite("Every page store spec fails its broken store", .serialized)
struct SpecSuitePageSpecs {
  @Test("SS-27 each FeedPageStore spec fails the store with its bug", arguments: FeedPageStoreSpec.allCases)
  func pageStoreSpec(_ spec: FeedPageStoreSpec) async throws {
    let (make, expected) = spec.brokenStore
    try await withKnownIssue {
      try await spec.verify { make() }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test("SS-43 a page store that reads a negative limit as no limit fails FPS-7")
  func negativeLimit() async throws {
    try await withKnownIssue {
      try await FeedPageStoreSpec.unknownCursorDeliversNothing.verify { BrokenPageStore(.negativeLimitIsAll) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("page of -1 images: count differs") }
    }
  }

  @Test("SS-61 FPS-15's histories read each page both ways and fail a store whose domain page differs")
  func generatedHistoriesReadDomainPages() async throws {
    try await withKnownIssue {
      try await FeedPageStoreSpec.generatedHistoriesMatchTheModel.verify { BrokenPageStore(.domainBeforeSkipsOne) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("retrieveFeedPage differs from retrievePage") }
    }
  }

  @Test("SS-28 a correct store passes every FeedPageStore spec", arguments: FeedPageStoreSpec.allCases)
  func correctStorePasses(_ spec: FeedPageStoreSpec) async throws {
    try await spec.verify { InMemoryFeedStore() }
  }

  @Test(
    "SS-29 each persistent page store spec fails the store with its bug",
    arguments: PersistentFeedPageStoreSpec.allCases
  )
  func persistentSpec(_ spec: PersistentFeedPageStoreSpec) async throws {
    if spec == .damagedFilesAreErrors {
      return try await expectDamageCaught("FPP-4") { disk in
        try await spec.verify { FlawedStore(.damagedLinesSkipped, disk: disk) }
      }
    }
    let (bug, expected) = spec.broken
    let disk = InMemoryFeedStore()
    try await withKnownIssue {
      try await spec.verify { BrokenDurablePageStore(bug, disk: disk) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test(
    "SS-30 each failable page store spec fails the store with its bug", arguments: FailableFeedPageStoreSpec.allCases)
  func failableSpec(_ spec: FailableFeedPageStoreSpec) async throws {
    let (bug, expected) = spec.broken
    let make: @Sendable () async throws -> any FeedPageStore = {
      BrokenDurablePageStore(bug, disk: InMemoryFeedStore())
    }
    try await withKnownIssue {
      try await spec.verify(FeedPageStoreFailures(retrieval: make, writing: make))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }
}
