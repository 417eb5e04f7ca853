import EssentialFeed
import Foundation
import Synchronization
import TestSupport
import Testing

@MainActor
@Suite("Search screen")
struct FeedSearchControllerSpecs {
  let changes = StateChanges()
  let view: FeedViewSpy

  init() {
    view = FeedViewSpy(changes: changes)
  }

  @Test("SR-6 a newer keyword cancels the search it supersedes; the loader sees the cancel")
  func newerKeywordCancelsOlder() async throws {
    let loads = PendingLoads<Paginated<FeedImage>>(changes: changes)
    let sut = FeedSearchController(
      search: { _ in try await loads.load(nil) }, resultsView: view, loadingView: view, errorView: view)

    sut.search("kyo")
    try await loads.waitForRequests(count: 1)
    sut.search("kyoto")
    try await loads.waitForCancellation(of: [0])
    let results = [uniqueImage()]
    try await loads.complete(1, with: .success(Paginated(items: results)))
    try await changes.wait(for: "the results shown") { view.feeds.count == 1 }

    #expect(view.feeds == [FeedPresenter.map(results).items])
    #expect(sut.results == results)
  }

  @Test("SR-6 a superseded search's results are never shown, even from a loader that ignores the cancel")
  func supersededResultsNeverShown() async throws {
    let search = UncancellableSearch(changes: changes)
    let sut = FeedSearchController(search: search.search, resultsView: view, loadingView: view, errorView: view)
    let (older, newer) = ([uniqueImage()], [uniqueImage()])

    sut.search("kyo")
    sut.search("kyoto")
    try await changes.wait(for: "both searches to start") { search.pending == ["kyo", "kyoto"] }
    search.answer("kyoto", with: newer)
    try await changes.wait(for: "the newer results shown") { view.feeds.count == 1 }
    search.answer("kyo", with: older)
    try await changes.wait(for: "the older search to end") { search.finished == ["kyoto", "kyo"] }
    let third = [uniqueImage()]
    sut.search("kyoto station")  // delivered after anything the older search could still deliver
    try await changes.wait(for: "the third search to start") { search.pending.contains("kyoto station") }
    search.answer("kyoto station", with: third)
    try await changes.wait(for: "the third results shown") { view.feeds.count == 2 }

    #expect(view.feeds == [FeedPresenter.map(newer).items, FeedPresenter.map(third).items])
    #expect(sut.results == third)
  }

  @Test("SR-6 after a new keyword, reaching the end never loads the superseded search's next page")
  func newKeywordDropsOlderNextPage() async throws {
    let olderMore = Mutex(0)
    let sut = FeedSearchController(
      search: { keyword in
        guard keyword == "kyo" else { throw AnyError() }
        return Paginated(items: [uniqueImage()]) {
          olderMore.withLock { $0 += 1 }
          return Paginated(items: [])
        }
      }, resultsView: view, loadingView: view, errorView: view)

    sut.search("kyo")
    try await changes.wait(for: "the first results") { view.feeds.count == 1 }
    sut.search("kyoto")
    try await changes.wait(for: "the second search to fail") { view.errors.compactMap { $0 }.count == 1 }
    sut.lastResultWillBecomeVisible()

    #expect(!sut.isLoading)
    #expect(olderMore.withLock { $0 } == 0)
  }
}

/// A search that answers only when the test says, whatever the caller's cancellation.
final class UncancellableSearch: Sendable {
  private let state = Mutex<
    (waiting: [String: CheckedContinuation<[FeedImage], Never>], order: [String], done: [String])
  >(([:], [], []))
  private let changes: StateChanges

  init(changes: StateChanges) {
    self.changes = changes
  }

  var pending: Set<String> { state.withLock { Set($0.order) } }
  var finished: [String] { state.withLock { $0.done } }

  @Sendable func search(_ keyword: String) async throws -> Paginated<FeedImage> {
    let items = await withCheckedContinuation { continuation in
      state.withLock {
        $0.waiting[keyword] = continuation
        $0.order.append(keyword)
      }
      changes.changed()
    }
    state.withLock { $0.done.append(keyword) }
    changes.changed()
    return Paginated(items: items)
  }

  func answer(_ keyword: String, with items: [FeedImage]) {
    state.withLock { $0.waiting.removeValue(forKey: keyword) }?.resume(returning: items)
  }
}
