import EssentialFeedCache
import Foundation
import Testing

/// Retrieves the search from `sut` and records the first difference from `expected`, after `context`.
func expectSearch(
  _ sut: any FeedSearchStore, _ expected: CachedSearch?, _ context: String, _ sourceLocation: SourceLocation
) async throws {
  let retrieved = try await sut.retrieveSearch()
  guard let difference = Difference.between(got: retrieved, expected: expected) else { return }
  Issue.record(Comment(rawValue: "\(context): \(difference)"), sourceLocation: sourceLocation)
}

extension Difference {
  /// How the retrieved search `got` differs from `expected`: the keyword, then as a cache would.
  static func between(got: CachedSearch?, expected: CachedSearch?) -> String? {
    if let got, let expected, got.keyword != expected.keyword {
      return "keyword differs: got \(String(reflecting: got.keyword)), expected \(String(reflecting: expected.keyword))"
    }
    let asCache = { (search: CachedSearch?) in search.map { CachedFeed(feed: $0.results, timestamp: $0.timestamp) } }
    return between(got: asCache(got), expected: asCache(expected)).map {
      $0.replacingOccurrences(of: "cache", with: "search")
    }
  }
}

extension FeedSearchStoreSpec {
  /// Twenty replaces for twenty keywords, with retrieves among them, all at once: every search retrieved must be
  /// one of those replaced, whole — its keyword with its own results.
  static func verifyConcurrentReplaces(_ sut: any FeedSearchStore, sourceLocation: SourceLocation) async throws {
    let searches = (0..<20).map { index in
      CachedSearch(
        keyword: "keyword \(index)",
        results: (0..<(1 + index % 4)).map { _ in Fixtures.image("result of \(index)", nil) },
        timestamp: Date(timeIntervalSinceReferenceDate: Double(index)))
    }
    let seen = try await withThrowingTaskGroup(of: CachedSearch?.self) { group in
      for search in searches {
        group.addTask {
          try await sut.replaceSearch(with: search.results, for: search.keyword, timestamp: search.timestamp)
          return try await sut.retrieveSearch()
        }
      }
      var seen: [CachedSearch?] = []
      for try await search in group { seen.append(search) }
      return seen + [try await sut.retrieveSearch()]
    }
    let mixed = seen.filter { search in !searches.contains { $0 == search } }
    guard let first = mixed.first else { return }
    let results = first?.results.count ?? 0
    Issue.record(
      Comment(
        rawValue: "\(mixed.count) of \(seen.count) retrieves saw a mix of searches; the first: "
          + "\(first.map { String(reflecting: $0.keyword) } ?? "none") with \(results) result\(results == 1 ? "" : "s") "
          + "that are not its own"),
      sourceLocation: sourceLocation)
  }
}
