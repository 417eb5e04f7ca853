import EssentialFeed
import FeedTerminal
import Foundation
import Testing

@testable import FeedCLI
@testable import FeedDemoServer

@MainActor
@Suite("feed browse loads only what is on screen or about to be")
struct BrowseCostTests {
  @Test(
    "TRM-36 End and Home on a feed of 10,000 images load the images of the rows at the end they reach, not of the pages passed",
    arguments: [(10_000, 60, 10)])
  func endLoadsOnlyItsRows(count: Int, capacity: Int, pageLimit: Int) async {
    let sut = BrowseHarness(count: count, capacity: capacity, pageLimit: pageLimit)
    sut.images.answerAll()
    sut.session.start()
    await sut.wait("the first page") { !sut.list.rows.isEmpty }
    await waitForRowsLoaded(sut)
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

  @Test(
    "TRM-41 the bytes a key costs over the wire, per protocol: the first frame, a row down, a page down, the detail",
    arguments: TerminalGraphics.allCases)
  func bytesPerKey(graphics: TerminalGraphics) async throws {
    let style = BrowsePictureStyle(colours: .trueColour, graphics: graphics, cell: .usual)
    let photos = DemoPictures(format: .jpeg)
    let (box, thumbnail) = (BrowseScreen.detailBox(columns: 120, rows: 40), BrowseScreen.thumbnail)
    let sut = BrowseHarness(rows: 40, columns: 120) { data, detail in
      // The demo's 320 × 240 JPEG landscapes, chosen by the greymap's bytes, in the row's or the detail's box.
      let photo = photos.image(at: Int(data.count % 16 == 6 ? 0 : data.count % 16), id: UUID()).data
      let size = detail ? (box.columns, box.rows) : thumbnail
      return ThumbnailDecoder.decode(photo, size: size, style: style, fitted: detail)
    }
    sut.images.answerAll()
    sut.session.start()
    await sut.wait("the first screen's images") {
      !sut.list.visible.isEmpty && sut.list.visible.allSatisfy { sut.list.view.images[$0]?.image != nil }
    }
    var shown = sut.screen
    var costs = [("first frame", ANSIFrame.frame(shown, previous: nil).utf8.count)]
    func cost(of what: String, _ key: Key) async {
      sut.press(key)
      await sut.wait("the screen after \(what) with its images") {
        sut.list.visible.allSatisfy { sut.list.view.images[$0]?.image != nil }
          && { if case .detail(let detail) = sut.session.mode { detail.picture?.image != nil } else { true } }()
      }
      let next = sut.screen
      costs.append((what, ANSIFrame.frame(next, previous: shown).utf8.count))
      shown = next
    }
    await cost(of: "down", .down)
    await cost(of: "page down", .pageDown)
    await cost(of: "enter (detail)", .enter)
    await cost(of: "escape (list)", .escape)
    print("TRM-41 \(graphics.rawValue): " + costs.map { "\($0.0) \($0.1) bytes" }.joined(separator: ", "))
    // A key that moves the selection sends the two rows it changes (and their images), not the screen.
    #expect(costs[1].1 < costs[0].1 / 2, "\(costs)")
  }

  /// Waits until no page loads, every row on screen shows its image's outcome and every row near it was requested
  /// (the load-more view says "loaded" as a page is delivered, before the list asks for the next one, so it cannot
  /// tell).
  private func waitForRowsLoaded(_ sut: BrowseHarness, sourceLocation: SourceLocation = #_sourceLocation) async {
    await sut.wait(
      "no page loading, the rows on screen loaded, those near it requested", sourceLocation: sourceLocation
    ) {
      !sut.list.controller.isLoadingPage && !sut.list.visible.isEmpty
        && sut.list.visible.allSatisfy { sut.list.view.images[$0].map { !$0.isLoading } ?? false }
        && Set(sut.images.requests).isSuperset(of: sut.list.visible.union(sut.list.nearby).map(sut.url))
    }
  }
}
