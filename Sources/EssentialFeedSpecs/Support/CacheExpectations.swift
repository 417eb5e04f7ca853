import EssentialFeedCache
import Foundation
import Testing

/// Retrieves from `sut` and checks the result is exactly `expected`, naming the first difference.
func expect(
  _ sut: any FeedStore, toRetrieve expected: CachedFeed?, _ sourceLocation: SourceLocation
) async throws {
  let retrieved = try await sut.retrieve()
  guard retrieved != expected else { return }
  Issue.record(
    Comment(rawValue: "Retrieved \(describe(retrieved)), expected \(describe(expected))"),
    sourceLocation: sourceLocation
  )
}

/// A short description of a cache that names what differs most often: count, timestamp bits, first image.
func describe(_ cache: CachedFeed?) -> String {
  guard let cache else { return "an empty cache" }
  let interval = cache.timestamp.timeIntervalSinceReferenceDate
  let first = cache.feed.first.map { "\($0)" } ?? "none"
  return "\(cache.feed.count) images at \(interval) (first: \(first))"
}
