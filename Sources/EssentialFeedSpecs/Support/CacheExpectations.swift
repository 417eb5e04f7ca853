import EssentialFeedCache
import Foundation
import Testing

/// Retrieves from `sut` and records the first difference from `expected`, after `context` (which retrieval it was).
func expect(
  _ sut: any FeedStore, toRetrieve expected: CachedFeed?, _ context: String, _ sourceLocation: SourceLocation
) async throws {
  let retrieved = try await sut.retrieve()
  guard let difference = Difference.between(got: retrieved, expected: expected) else { return }
  Issue.record(Comment(rawValue: "\(context): \(difference)"), sourceLocation: sourceLocation)
}

/// Retrieves the data for `url` from `sut` and records the first difference from `expected`, after `context`.
func expect(
  _ sut: any FeedImageDataStore, toRetrieve expected: Data?, for url: URL, _ context: String,
  _ sourceLocation: SourceLocation
) async throws {
  let retrieved = try await sut.retrieve(dataForURL: url)
  guard let difference = Difference.between(got: retrieved, expected: expected) else { return }
  let shownURL = url.absoluteString.count > 100 ? url.absoluteString.prefix(100) + "…" : url.absoluteString[...]
  Issue.record(Comment(rawValue: "\(context) for \(shownURL): \(difference)"), sourceLocation: sourceLocation)
}

/// Retrieves from `sut` and records how the outcome differs from `expected` (a cache, or an error), after `context`.
func expect(
  _ sut: any FeedStore, toRetrieve expected: RetrievalOutcome, _ context: String, _ sourceLocation: SourceLocation
) async {
  guard let difference = await RetrievalOutcome(sut).difference(from: expected) else { return }
  Issue.record(Comment(rawValue: "\(context): \(difference)"), sourceLocation: sourceLocation)
}

/// Runs `operation`, recording its error, if any, as a failure of the step `context` names.
func expectSuccess(
  _ context: String, _ sourceLocation: SourceLocation, of operation: () async throws -> Void
) async {
  do {
    try await operation()
  } catch {
    Issue.record(
      Comment(rawValue: "\(context): got an error (\(error)), expected success"), sourceLocation: sourceLocation)
  }
}

/// Runs `operation`, recording a failure of the step `context` names when it succeeds where `expectedError` was due.
func expectError(
  _ expectedError: String, _ context: String, _ sourceLocation: SourceLocation, of operation: () async throws -> Void
) async {
  do {
    try await operation()
  } catch {
    return
  }
  Issue.record(Comment(rawValue: "\(context): got success, expected \(expectedError)"), sourceLocation: sourceLocation)
}
