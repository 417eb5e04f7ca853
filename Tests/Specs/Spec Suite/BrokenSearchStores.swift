import EssentialFeedCache
import EssentialFeedSpecs
import Foundation

/// A search store with one bug, chosen per spec of `FeedSearchStoreSpec`, and the failure that spec must report.
actor BrokenSearchStore: FeedSearchStore {
  enum Bug: CaseIterable, Sendable {
    case emptySearchWhenNothing, reversedResults, retrieveDeletes, firstSearchWins, appendReplaces
    case appendForAnyKeyword, normalizedKeyword, deleteIgnored, tornReplace
  }

  private let bug: Bug
  private var search: CachedSearch?

  init(_ bug: Bug) {
    self.bug = bug
  }

  func retrieveSearch() -> CachedSearch? {
    defer { if bug == .retrieveDeletes { search = nil } }
    guard let search else {
      return bug == .emptySearchWhenNothing ? CachedSearch(keyword: "", results: [], timestamp: .distantPast) : nil
    }
    guard bug == .reversedResults else { return search }
    return CachedSearch(keyword: search.keyword, results: search.results.reversed(), timestamp: search.timestamp)
  }

  func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) async {
    if bug == .firstSearchWins, search != nil { return }
    let keyword = bug == .normalizedKeyword ? keyword.trimmingCharacters(in: .whitespaces).lowercased() : keyword
    guard bug == .tornReplace else {
      search = CachedSearch(keyword: keyword, results: results, timestamp: timestamp)
      return
    }
    search = CachedSearch(keyword: keyword, results: search?.results ?? [], timestamp: timestamp)
    try? await Task.sleep(for: .milliseconds(2))  // another replace runs here: the keyword and results come apart
    search = CachedSearch(keyword: search?.keyword ?? keyword, results: results, timestamp: timestamp)
  }

  func appendToSearch(_ results: [LocalFeedImage], for keyword: String) {
    guard let kept = search, kept.keyword == keyword || bug == .appendForAnyKeyword else { return }
    let all = bug == .appendReplaces ? results : kept.results + results
    search = CachedSearch(keyword: kept.keyword, results: all, timestamp: kept.timestamp)
  }

  func deleteSearch() {
    if bug != .deleteIgnored { search = nil }
  }
}

extension FeedSearchStoreSpec {
  /// The broken store this spec must fail, and a piece of the failure it must report.
  var brokenStore: (bug: BrokenSearchStore.Bug, expected: String) {
    switch self {
    case .retrieveDeliversNothingWhenEmpty: (.emptySearchWhenNothing, "expected an empty search")
    case .retrieveDeliversTheSearch: (.reversedResults, "retrieve after replace: image 0: id differs")
    case .retrieveHasNoSideEffects: (.retrieveDeletes, "second retrieve: got an empty search")
    case .newKeywordReplaces: (.firstSearchWins, #"keyword differs: got "kyoto", expected "lisbon""#)
    case .sameKeywordAppends: (.appendReplaces, "after append: image 0: id differs")
    case .appendForAnotherKeywordChangesNothing: (.appendForAnyKeyword, "append for another: count differs")
    case .keywordRoundTripsExactly: (.normalizedKeyword, "exact keyword: keyword differs")
    case .deleteEmpties: (.deleteIgnored, "retrieve after delete: got 2 images")
    case .concurrentReplacesNeverMix: (.tornReplace, "retrieves saw a mix of searches")
    }
  }
}
