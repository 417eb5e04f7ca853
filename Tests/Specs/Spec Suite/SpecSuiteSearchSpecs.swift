import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Testing

@Suite("Every search store spec fails its broken store", .serialized)
struct SpecSuiteSearchSpecs {
  @Test("SS-23 each FeedSearchStore spec fails the store with its bug", arguments: FeedSearchStoreSpec.allCases)
  func searchStoreSpec(_ spec: FeedSearchStoreSpec) async throws {
    let (make, expected) = spec.brokenStore
    try await withKnownIssue {
      try await spec.verify { make() }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test(
    "SS-42 keywords that differ only in case, only in spaces, and a replace for the same keyword each fail a store with that bug",
    arguments: [
      (
        FeedSearchStoreSpec.keywordRoundTripsExactly, BrokenSearchStore.Bug.caseInsensitiveAppend,
        "differs only in case:"
      ),
      (.keywordRoundTripsExactly, .trimmedAppend, "differs only in spaces:"),
      (.newKeywordReplaces, .replaceSameKeywordAppends, "after replacing the same keyword: image 0: id differs"),
    ])
  func normalisationRules(spec: FeedSearchStoreSpec, bug: BrokenSearchStore.Bug, expected: String) async throws {
    try await withKnownIssue {
      try await spec.verify { BrokenSearchStore(bug) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test(
    "SS-62 SRS-11's histories read the search both ways and write odd pages as the domain's images, failing a store with a bug in either",
    arguments: [
      (BrokenSearchStore.Bug.domainRetrieveReversed, "retrieveFeedSearch differs from retrieveSearch"),
      (.domainAppendForAnyKeyword, "SRS-11 generated history"),
    ])
  func generatedHistoriesUseDomainOperations(bug: BrokenSearchStore.Bug, expected: String) async throws {
    try await withKnownIssue {
      try await FeedSearchStoreSpec.generatedHistoriesMatchTheModel.verify { BrokenSearchStore(bug) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test("SS-24 a correct store passes every FeedSearchStore spec", arguments: FeedSearchStoreSpec.allCases)
  func correctStorePasses(_ spec: FeedSearchStoreSpec) async throws {
    try await spec.verify { InMemoryFeedStore() }
  }

  @Test(
    "SS-25 each persistent search store spec fails the store with its bug",
    arguments: PersistentFeedSearchStoreSpec.allCases)
  func persistentSpec(_ spec: PersistentFeedSearchStoreSpec) async throws {
    if spec == .damagedFilesAreErrors {
      return try await expectDamageCaught("SRP-5") { disk in
        try await spec.verify { FlawedStore(.damagedLinesSkipped, disk: disk) }
      }
    }
    let (bug, expected) = spec.broken
    let disk = SharedSearchDisk()
    try await withKnownIssue {
      try await spec.verify { BrokenDurableSearchStore(bug, disk: disk) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test(
    "SS-26 each failable search store spec fails the store with its bug",
    arguments: FailableFeedSearchStoreSpec.allCases)
  func failableSpec(_ spec: FailableFeedSearchStoreSpec) async throws {
    let (bug, expected) = spec.broken
    let make: @Sendable () async throws -> any FeedSearchStore = {
      BrokenDurableSearchStore(bug, disk: SharedSearchDisk())
    }
    try await withKnownIssue {
      try await spec.verify(FeedSearchStoreFailures(retrieval: make, replacement: make, deletion: make))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }
}
