import EssentialFeedCache
import Foundation
import Testing

/// Retrieves the search from `sut` and records the first difference from `expected`, after `context`.
///
/// - Returns: Whether the search retrieved was `expected`.
@discardableResult
func expectSearch(
  _ sut: any FeedSearchStore, _ expected: CachedSearch?, _ context: String, _ sourceLocation: SourceLocation
) async throws -> Bool {
  let retrieved = try await sut.retrieveSearch()
  guard let difference = Difference.between(got: retrieved, expected: expected) else { return true }
  Issue.record(Comment(rawValue: "\(context): \(difference)"), sourceLocation: sourceLocation)
  return false
}

extension Difference {
  /// How the retrieved search `got` differs from `expected`: the keyword, then as a cache would.
  static func between(got: CachedSearch?, expected: CachedSearch?) -> String? {
    if let got, let expected, !Exact.same(got.keyword, expected.keyword) {
      let (gotText, expectedText) = shown(got.keyword, expected.keyword, quoted: true)
      return "keyword differs: got \(gotText), expected \(expectedText)"
    }
    let asCache = { (search: CachedSearch?) in search.map { CachedFeed(feed: $0.results, timestamp: $0.timestamp) } }
    return between(got: asCache(got), expected: asCache(expected)).map {
      $0.replacingOccurrences(of: "cache", with: "search")
    }
  }
}

extension FeedSearchStoreSpec {
  /// SRS-9, through the torn-state phase the concurrency specs share: two writer threads replace the search with
  /// value N (keyword N, two results of N, the timestamp of N) while two reader threads retrieve it, all released
  /// together; every search retrieved must be one value whole, its keyword with its own results and timestamp.
  static func verifyConcurrentReplaces(_ sut: any FeedSearchStore, sourceLocation: SourceLocation) async throws {
    try await TornState.verify(
      "search",
      write: { serial in
        let results = (0..<2).map { _ in Fixtures.image("result of \(serial)", nil) }
        try await sut.replaceSearch(with: results, for: "keyword \(serial)", timestamp: timestamp(serial))
      },
      read: {
        guard let search = try await sut.retrieveSearch() else { return .torn("no search") }
        let serial = Int(search.keyword.dropFirst("keyword ".count)) ?? -1
        guard search.timestamp == timestamp(serial), search.results.count == 2,
          search.results.allSatisfy({ $0.description == "result of \(serial)" })
        else {
          let results = search.results.map { shownQuoted($0.description ?? "") }.joined(separator: ", ")
          return .torn(
            "\(shownQuoted(search.keyword)) with results [\(results)] at "
              + "\(search.timestamp.timeIntervalSinceReferenceDate)")
        }
        return .whole(serial)
      },
      sourceLocation: sourceLocation)
  }

  private static func timestamp(_ serial: Int) -> Date {
    Date(timeIntervalSinceReferenceDate: Double(serial))
  }
}
