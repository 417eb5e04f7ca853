import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Synchronization
import Testing

/// Every spec of every shipped suite fails the store with the bug it guards against (`brokenStore`, one per spec),
/// and says what differs.
///
/// Serialized: the races FS-14 and IS-6 must catch need threads that are free to overlap, and the other cases take
/// milliseconds.
@Suite("Every spec fails its broken store", .serialized)
struct SpecSuiteBrokenStoreSpecs {
  @Test("SS-13 each FeedStore spec fails the store with its bug", arguments: FeedStoreSpec.allCases)
  func feedStoreSpec(_ spec: FeedStoreSpec) async throws {
    let broken = spec.brokenStore
    try await withKnownIssue {
      try await spec.verify(makeSUT: broken.make)
    } matching: {
      broken.isExpected($0)
    }
  }

  @Test("SS-14 each FeedImageDataStore spec fails the store with its bug", arguments: FeedImageDataStoreSpec.allCases)
  func imageDataStoreSpec(_ spec: FeedImageDataStoreSpec) async throws {
    let broken = spec.brokenStore
    try await withKnownIssue {
      try await spec.verify(makeSUT: broken.make)
    } matching: {
      broken.isExpected($0)
    }
  }

  @Test("SS-15 each failable spec fails the failing store with its bug", arguments: FailableFeedStoreSpec.allCases)
  func failableSpec(_ spec: FailableFeedStoreSpec) async throws {
    let broken = spec.brokenStore
    try await withKnownIssue {
      try await spec.verify(broken.make())
    } matching: {
      broken.isExpected($0)
    }
  }

  @Test("SS-16 each persistence spec fails the store with its bug", arguments: PersistentFeedStoreSpec.allCases)
  func persistentSpec(_ spec: PersistentFeedStoreSpec) async throws {
    if spec == .damagedFilesAreErrors {
      return try await expectDamageCaught("FSP-5") { disk in
        try await spec.verify { FlawedStore(.damagedLinesSkipped, disk: disk) }
      }
    }
    let broken = spec.brokenStore
    try await withKnownIssue {
      try await spec.verify(makeSUT: broken.make())
    } matching: {
      broken.isExpected($0)
    }
  }

  @Test("SS-17 a store that loses the images' order fails naming the first misplaced index and both ids")
  func lostOrderNamesTheIndex() async throws {
    let store = LastFirstStore()
    let comments = RecordedComments()
    try await withKnownIssue {
      try await FeedStoreSpec.retrieveDeliversFoundValuesOnNonEmptyCache.verify { store }
    } matching: {
      comments.record($0)
    }

    let inserted = await store.inserted
    let retrieved = Array(inserted.reversed())
    let index = try #require(inserted.indices.first { inserted[$0] != retrieved[$0] })
    #expect(
      comments.all == [
        "retrieve after insert: image \(index): id differs: "
          + "got \(retrieved[index].id.uuidString), expected \(inserted[index].id.uuidString)"
      ])
  }
}

/// The comments of the issues a test expects, kept to check them whole once the spec has run.
final class RecordedComments: Sendable {
  private let comments = Mutex<[String]>([])

  var all: [String] { comments.withLock { $0 } }

  /// Keeps the issue's comments and matches it.
  func record(_ issue: Issue) -> Bool {
    comments.withLock { $0.append(issue.commentText) }
    return true
  }
}
