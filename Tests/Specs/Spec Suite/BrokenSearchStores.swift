import EssentialFeed
import EssentialFeedCache
import EssentialFeedSpecs
import Foundation

/// A search store with one bug, chosen per spec of `FeedSearchStoreSpec`, and the failure that spec must report.
actor BrokenSearchStore: FeedSearchStore {
  enum Bug: CaseIterable, Sendable {
    case emptySearchWhenNothing, reversedResults, retrieveDeletes, firstSearchWins, appendReplaces
    case appendForAnyKeyword, normalizedKeyword, deleteIgnored, caseInsensitiveAppend, trimmedAppend
    case replaceSameKeywordAppends
    /// SRS-13: the search read as the domain's images (its own read) has its results reversed.
    case domainRetrieveReversed
    /// SRS-13: an append of the domain's images (its own write) appends for any keyword.
    case domainAppendForAnyKeyword
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

  func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) {
    if bug == .firstSearchWins, search != nil { return }
    if bug == .replaceSameKeywordAppends, let kept = search, kept.keyword == keyword {
      search = CachedSearch(keyword: keyword, results: kept.results + results, timestamp: timestamp)
      return
    }
    let keyword = bug == .normalizedKeyword ? keyword.trimmingCharacters(in: .whitespaces).lowercased() : keyword
    search = CachedSearch(keyword: keyword, results: results, timestamp: timestamp)
  }

  func appendToSearch(_ results: [LocalFeedImage], for keyword: String) {
    let same = { (a: String, b: String) in
      switch self.bug {
      case .caseInsensitiveAppend: a.lowercased() == b.lowercased()
      case .trimmedAppend: a.trimmingCharacters(in: .whitespaces) == b.trimmingCharacters(in: .whitespaces)
      default: a == b
      }
    }
    guard let kept = search, same(kept.keyword, keyword) || bug == .appendForAnyKeyword else { return }
    let all = bug == .appendReplaces ? results : kept.results + results
    search = CachedSearch(keyword: kept.keyword, results: all, timestamp: kept.timestamp)
  }

  func deleteSearch() {
    if bug != .deleteIgnored { search = nil }
  }

  func retrieveFeedSearch() -> CachedFeedSearch? {
    guard let search = search.map(CachedFeedSearch.init), bug == .domainRetrieveReversed else {
      return search.map(CachedFeedSearch.init)
    }
    return CachedFeedSearch(keyword: search.keyword, results: search.results.reversed(), timestamp: search.timestamp)
  }

  func appendFeedToSearch(_ feed: [FeedImage], for keyword: String) {
    guard bug == .domainAppendForAnyKeyword, let kept = search else {
      return appendToSearch(feed.map(LocalFeedImage.init), for: keyword)
    }
    let results = kept.results + feed.map(LocalFeedImage.init)
    search = CachedSearch(keyword: kept.keyword, results: results, timestamp: kept.timestamp)
  }
}

/// SRS-9: the keyword and timestamp behind one lock, the results behind another, written one after the other with
/// nothing between: a reader on another thread can see one search's keyword with another's results.
final class TwoLockSearchStore: FeedSearchStore, @unchecked Sendable {
  // @unchecked Sendable: each property is read and written only under its own lock.
  private let keywordLock = NSLock()
  private let resultsLock = NSLock()
  private var keyword: (String, Date)?
  private var results: [LocalFeedImage] = []

  func retrieveSearch() async -> CachedSearch? {
    let kept = keywordLock.withLock { keyword }
    let results = resultsLock.withLock { self.results }
    return kept.map { CachedSearch(keyword: $0.0, results: results, timestamp: $0.1) }
  }

  func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) async {
    keywordLock.withLock { self.keyword = (keyword, timestamp) }
    resultsLock.withLock { self.results = results }
  }

  func appendToSearch(_ results: [LocalFeedImage], for keyword: String) async {
    guard keywordLock.withLock({ self.keyword?.0 == keyword }) else { return }
    resultsLock.withLock { self.results += results }
  }

  func deleteSearch() async {
    keywordLock.withLock { keyword = nil }
    resultsLock.withLock { results = [] }
  }
}

extension FeedSearchStoreSpec {
  /// The broken store this spec must fail, and a piece of the failure it must report.
  var brokenStore: (make: @Sendable () -> any FeedSearchStore, expected: String) {
    let broken = { (bug: BrokenSearchStore.Bug) in { @Sendable () -> any FeedSearchStore in BrokenSearchStore(bug) } }
    return switch self {
    case .retrieveDeliversNothingWhenEmpty: (broken(.emptySearchWhenNothing), "expected an empty search")
    case .retrieveDeliversTheSearch: (broken(.reversedResults), "retrieve after replace: image 0: id differs")
    case .retrieveHasNoSideEffects: (broken(.retrieveDeletes), "second retrieve: got an empty search")
    case .newKeywordReplaces: (broken(.firstSearchWins), #"keyword differs: got "kyoto", expected "lisbon""#)
    case .sameKeywordAppends: (broken(.appendReplaces), "after append: image 0: id differs")
    case .appendForAnotherKeywordChangesNothing: (broken(.appendForAnyKeyword), "append for another: count differs")
    case .keywordRoundTripsExactly: (broken(.normalizedKeyword), "differs only in case and spaces: keyword differs")
    case .deleteEmpties: (broken(.deleteIgnored), "retrieve after delete: got 2 images")
    case .concurrentReplacesNeverMix: ({ TwoLockSearchStore() }, "torn state: a reader saw \"keyword ")
    case .generatedHistoriesMatchTheModel: (broken(.normalizedKeyword), "SRS-11 generated history")
    case .resultsPastSixteenBits:
      ({ FlawedStore(.searchResultsIn16Bits) }, "count differs: got 4 images, expected 65540")
    case .domainSearchMatches:
      (broken(.domainRetrieveReversed), "domain retrieve after a domain replace: image 0: id differs")
    }
  }
}
