import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Testing

@Suite("Every page store spec fails its broken store", .serialized)
struct SpecSuitePageSpecs {
  @Test("SS-27 each FeedPageStore spec fails the store with its bug", arguments: FeedPageStoreSpec.allCases)
  func pageStoreSpec(_ spec: FeedPageStoreSpec) async throws {
    let (bug, expected) = spec.brokenStore
    try await withKnownIssue {
      try await spec.verify { BrokenPageStore(bug) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test("SS-28 a correct store passes every FeedPageStore spec", arguments: FeedPageStoreSpec.allCases)
  func correctStorePasses(_ spec: FeedPageStoreSpec) async throws {
    try await spec.verify { InMemoryFeedStore() }
  }

  @Test(
    "SS-29 each persistent and failable page store spec fails a store that keeps nothing and never fails",
    arguments: PersistentFeedPageStoreSpec.allCases.map(\.rawValue) + FailableFeedPageStoreSpec.allCases.map(\.rawValue)
  )
  func durableSpecs(_ name: String) async throws {
    try await withKnownIssue {
      if let spec = PersistentFeedPageStoreSpec(rawValue: name) {
        try await spec.verify { InMemoryFeedStore() }
      } else if let spec = FailableFeedPageStoreSpec(rawValue: name) {
        let make: @Sendable () async throws -> any FeedPageStore = { InMemoryFeedStore() }
        try await spec.verify(FeedPageStoreFailures(retrieval: make, writing: make))
      }
    } matching: { issue in
      issue.comments.contains {
        ["count differs", "got 0, expected", "succeeded, expected an error", "got 0 images", "failed writes kept"]
          .contains(where: $0.rawValue.contains)
      }
    }
  }
}
