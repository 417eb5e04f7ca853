import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

extension FeedSearchStoreSpec {
  /// SRS-13: the search written and read as the domain's images (`replaceSearch(withFeed:)`, `appendFeedToSearch`,
  /// `retrieveFeedSearch`) is the search the ``CachedSearch`` operations write and read: each write is read back both
  /// ways, exactly. Stops at the first difference.
  static func verifyDomainSearch(_ sut: any FeedSearchStore, sourceLocation: SourceLocation) async throws {
    let first = Fixtures.variedFeed()
    let more = [Fixtures.image("more", nil), Fixtures.image(nil, "Lisboa, Portugal")]
    let (keyword, timestamp) = ("  Café 東京 ", Fixtures.preciseTimestamp())
    let steps: [(String, CachedSearch?, @Sendable () async throws -> Void)] = [
      ("an empty store", nil, {}),
      (
        "a domain replace", CachedSearch(keyword: keyword, results: first, timestamp: timestamp),
        { try await sut.replaceSearch(withFeed: first.map(FeedImage.init), for: keyword, timestamp: timestamp) }
      ),
      (
        "a domain append for the same keyword",
        CachedSearch(keyword: keyword, results: first + more, timestamp: timestamp),
        { try await sut.appendFeedToSearch(more.map(FeedImage.init), for: keyword) }
      ),
      (
        "a domain append for a keyword that differs in case",
        CachedSearch(keyword: keyword, results: first + more, timestamp: timestamp),
        { try await sut.appendFeedToSearch(first.map(FeedImage.init), for: keyword.uppercased()) }
      ),
      (
        "a replace of local images", CachedSearch(keyword: "lisbon", results: more, timestamp: timestamp + 1),
        { try await sut.replaceSearch(with: more, for: "lisbon", timestamp: timestamp + 1) }
      ),
      (
        "a domain replace of no images", CachedSearch(keyword: "oslo", results: [], timestamp: timestamp + 2),
        { try await sut.replaceSearch(withFeed: [], for: "oslo", timestamp: timestamp + 2) }
      ),
    ]
    for (step, expected, write) in steps {
      try await write()
      guard try await expectSearch(sut, expected, "retrieve after \(step)", sourceLocation) else { return }
      let domain = try await sut.retrieveFeedSearch().map(CachedSearch.init)
      guard let difference = Difference.between(got: domain, expected: expected) else { continue }
      Issue.record(
        Comment(rawValue: "domain retrieve after \(step): \(difference)"), sourceLocation: sourceLocation)
      return
    }
  }
}
