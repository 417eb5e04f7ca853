import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Synchronization
import Testing

@Suite("The generated specs themselves")
struct SpecSuiteEngineSpecs {
  @Test("SS-51 a planted bug shrinks to its known minimal history: one insert of a feed that holds one id twice")
  func shrinksToTheMinimalHistory() async throws {
    try await withKnownIssue {
      try await FeedStoreSpec.generatedHistoriesMatchTheModel.verify(seed: 39) { FlawedStore(.feedKeyedByID) }
    } matching: { issue in
      issue.mentions(
        "FS-16 generated history 1 fails (seed 39; ", "after the last step, reading everything back: retrieve(): ",
        "count differs: got 1 image, expected 2", " steps to 1 in ",
        "\n  1. insert([#1 nil nil https://h0.example.com/, #1 nil nil https://h0.example.com/], timestamp: 0.0)")
    }
  }

  /// Any seed, and one whose first round's writes are all in its setup: the insert that loses its timestamp's last
  /// bits runs before the round, which only retrieves and deletes.
  @Test(
    "SS-54 a store that keeps timestamps to the millisecond fails FS-14 saying a plain round trip already differs",
    arguments: [nil, 10_782_665_400_155_226_332] as [UInt64?])
  func roundTripBeforeConcurrency(seed: UInt64?) async throws {
    try await withKnownIssue {
      try await FeedStoreSpec.concurrentOperationsAreLinearizable.verify(seed: seed) { TimestampRoundingStore() }
    } matching: { issue in
      issue.mentions("fails before any concurrency: a plain round trip already differs: insert(", "timestamp differs")
    }
  }

  @Test("SS-52 the same seed gives the same shrunk history, and the message says how to replay it")
  func seedReplays() async throws {
    var messages: [String] = []
    for _ in 0..<2 {
      let recorded = RecordedMessages()
      try await withKnownIssue {
        try await FeedSearchStoreSpec.generatedHistoriesMatchTheModel.verify(seed: 7) {
          FlawedStore(.keywordsNormalizedToNFKC)
        }
      } matching: { issue in
        recorded.append(issue.commentText)
        return issue.mentions("SRS-11 generated history", "replay with ESSENTIALFEED_SPEC_SEED=7 swift test")
      }
      messages.append(recorded.all.joined())
    }
    #expect(messages[0] == messages[1])
  }
}

/// Messages recorded by a known issue's matcher, which runs on whichever thread recorded the issue.
final class RecordedMessages: Sendable {
  private let messages = Mutex<[String]>([])
  func append(_ message: String) { messages.withLock { $0.append(message) } }
  var all: [String] { messages.withLock { $0 } }
}
