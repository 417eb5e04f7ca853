import EssentialFeed
import Foundation
import Testing

@testable import FeedCLI

@MainActor
@Suite("feed browse loads only what is on screen or about to be")
struct BrowseCostTests {
  @Test(
    "TRM-36 End and Home on a feed of 10,000 images load the images of the rows at the end they reach, not of the pages passed",
    arguments: [(10_000, 60, 10)])
  func endLoadsOnlyItsRows(count: Int, capacity: Int, pageSize: Int) async {
    let sut = BrowseHarness(count: count, capacity: capacity, pageSize: pageSize)
    sut.images.answerAll()
    sut.session.start()
    await sut.wait("the first page") { !sut.list.rows.isEmpty }
    await sut.waitUntilAtRest()
    let first = sut.images.requests.count
    let positions = Dictionary(uniqueKeysWithValues: sut.feed.enumerated().map { ($0.element.url, $0.offset) })
    let reach = sut.list.rowsPerScreen * (1 + BrowseList.prefetchScreens)

    sut.press(.end)
    await sut.wait("the last row selected") { sut.list.selection == count - 1 }
    await waitForRowsLoaded(sut)

    // A prefetch of the rows near the start may be recorded after the count above: only the rows between the two
    // ends are the pages passed.
    let passed = { (position: Int) in position >= reach && position < count - reach }
    let started = sut.images.requests.dropFirst(first).compactMap { positions[$0] }
    print("TRM-36 loads started by End on \(count) images: \(started.count)")
    #expect(!started.contains(where: passed), "\(started.filter(passed).prefix(10))")
    #expect(started.filter { $0 >= count - reach }.count <= reach)

    let beforeHome = sut.images.requests.count
    sut.press(.home)
    await sut.wait("the first row selected") { sut.list.selection == 0 && sut.list.rows.lowerBound == 0 }
    await waitForRowsLoaded(sut)
    let home = sut.images.requests.dropFirst(beforeHome).compactMap { positions[$0] }
    print("TRM-36 loads started by Home: \(home.count)")
    #expect(!home.contains(where: passed), "\(home.filter(passed).prefix(10))")
    #expect(home.filter { $0 < reach }.count <= reach)
  }

  /// Waits until no page loads and every row on screen shows its image's outcome (the load-more view says "loaded"
  /// as a page is delivered, before the list asks for the next one, so it cannot tell).
  private func waitForRowsLoaded(_ sut: BrowseHarness, sourceLocation: SourceLocation = #_sourceLocation) async {
    await sut.wait("no page loading, the rows on screen loaded", sourceLocation: sourceLocation) {
      !sut.list.controller.isLoadingPage && !sut.list.visible.isEmpty
        && sut.list.visible.allSatisfy { sut.list.view.images[$0].map { !$0.isLoading } ?? false }
    }
  }
}
