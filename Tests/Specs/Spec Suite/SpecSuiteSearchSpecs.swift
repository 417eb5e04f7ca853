import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Testing

@Suite("Every search store spec fails its broken store", .serialized)
struct SpecSuiteSearchSpecs {
  @Test("SS-23 each FeedSearchStore spec fails the store with its bug", arguments: FeedSearchStoreSpec.allCases)
  func searchStoreSpec(_ spec: FeedSearchStoreSpec) async throws {
    let (bug, expected) = spec.brokenStore
    try await withKnownIssue {
      try await spec.verify { BrokenSearchStore(bug) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test("SS-24 a correct store passes every FeedSearchStore spec", arguments: FeedSearchStoreSpec.allCases)
  func correctStorePasses(_ spec: FeedSearchStoreSpec) async throws {
    try await spec.verify { InMemoryFeedStore() }
  }
}
