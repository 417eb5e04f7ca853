import EssentialFeedCache
import Foundation
import Testing

/// The specs every `FeedPageStore` must pass: an ordered list with unique ids, appended a page at a time and read
/// with a keyset cursor either way.
///
/// ```swift
/// @Test(arguments: FeedPageStoreSpec.allCases)
/// func myPageStore(_ spec: FeedPageStoreSpec) async throws {
///   try await spec.verify { MyStore() }
/// }
/// ```
public enum FeedPageStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// FPS-1: an empty store delivers no page and a count of 0.
  case emptyStoreDeliversNothing
  /// FPS-2: the first page round-trips exactly: order and every field.
  case firstPageRoundTrips
  /// FPS-3: the page after an id is the images that follow it, up to the limit.
  case pageAfterCursor
  /// FPS-4: the page before an id is the images just before it, up to the limit, in order.
  case pageBeforeCursor
  /// FPS-5: appending skips images whose id the list holds, and delivers those appended.
  case appendSkipsKnownIDs
  /// FPS-6: the count is the number of images in the list.
  case countsImages
  /// FPS-7: an unknown cursor, or a limit of 0, delivers nothing.
  case unknownCursorDeliversNothing
  /// FPS-8: replace puts a new list in place of the whole old one.
  case replaceReplacesTheList
  /// FPS-9: delete empties the list; deleting an empty list succeeds.
  case deleteEmpties
  /// FPS-10: random appends and reads either way agree with a plain array (seeded).
  case randomWalkMatchesAnArray
  /// FPS-11: concurrent appends never interleave: each page lands whole, in one place.
  case concurrentAppendsStayWhole
  /// FPS-14: concurrent replaces and reads never mix two lists: every read sees one list whole.
  case concurrentReplacesStayWhole
  /// FPS-15: generated histories (with the store's other capabilities, and writes from cancelled tasks), with ids
  /// repeated within and across pages and limits at their edges, agree with a reference model exactly.
  case generatedHistoriesMatchTheModel
  /// FPS-16: a list past 65,536 images reads across that position either way, whole in one read, and counts.
  case listPastSixteenBits
  /// FPS-17: the pages read as the domain's images (`retrieveFeedPage`) are exactly those `retrievePage` reads.
  case domainPagesMatch

  /// Runs this spec against a store from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - seed: The seed of ``randomWalkMatchesAnArray``; by default `ESSENTIALFEED_SPEC_SEED` or a random one, and
  ///     a failure prints it.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes the store under test, empty. It is called once; FPS-15 calls it once per history (a store on
  ///     the same location as the last one is emptied through its own operations first).
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    seed: UInt64? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedPageStore
  ) async throws {
    try requireSwiftTesting()
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(.init(id: "FPS-15", focus: .pages), seed: seed, sourceLocation: sourceLocation) {
        try await makeSUT()
      }
      return
    }
    let sut = try await makeSUT()
    let images = numberedImages(10)
    var failed = false  // only the first difference is reported: the later ones follow from it
    let page = { (got: [LocalFeedImage], expected: ArraySlice<LocalFeedImage>, context: String) -> Void in
      if !failed { failed = !expectPage(got, Array(expected), context, sourceLocation) }
    }
    let count = { (got: Int, expected: Int, context: String) -> Void in
      if !failed { failed = !expectCount(got, expected, context, sourceLocation) }
    }
    switch self {
    case .generatedHistoriesMatchTheModel:
      return
    case .listPastSixteenBits:
      try await FieldWidths.verifyPages(sut, sourceLocation)
    case .emptyStoreDeliversNothing:
      page(try await sut.retrievePage(after: nil, limit: 30), [], "first page of an empty store")
      count(try await sut.pageImageCount(), 0, "count of an empty store")
    case .firstPageRoundTrips:
      let varied = Fixtures.variedFeed()
      _ = try await sut.appendPage(varied)
      page(try await sut.retrievePage(after: nil, limit: 30), varied[...], "first page")
    case .pageAfterCursor:
      _ = try await sut.appendPage(Array(images[0..<5]))
      _ = try await sut.appendPage(Array(images[5...]))
      page(try await sut.retrievePage(after: nil, limit: 4), images[0..<4], "first page of 4")
      page(try await sut.retrievePage(after: images[3].id, limit: 4), images[4..<8], "page after image 3")
      page(try await sut.retrievePage(after: images[7].id, limit: 4), images[8...], "page after image 7")
      page(try await sut.retrievePage(after: images[9].id, limit: 4), [], "page after the last image")
    case .pageBeforeCursor:
      _ = try await sut.appendPage(images)
      page(try await sut.retrievePage(before: images[6].id, limit: 4), images[2..<6], "page before image 6")
      page(try await sut.retrievePage(before: images[2].id, limit: 4), images[0..<2], "page before image 2")
      page(try await sut.retrievePage(before: images[0].id, limit: 4), [], "page before the first image")
    case .appendSkipsKnownIDs:
      _ = try await sut.appendPage(Array(images[0..<2]))
      let appended = try await sut.appendPage([images[1], images[2], images[2], images[3]])
      page(appended, images[2..<4], "images appended")
      page(try await sut.retrievePage(after: nil, limit: 30), images[0..<4], "the list after appending known ids")
    case .countsImages:
      _ = try await sut.appendPage(Array(images[0..<4]))
      _ = try await sut.appendPage(Array(images[2..<7]))
      count(try await sut.pageImageCount(), 7, "count after two appends")
    case .unknownCursorDeliversNothing:
      _ = try await sut.appendPage(images)
      page(try await sut.retrievePage(after: UUID(), limit: 4), [], "page after an unknown id")
      page(try await sut.retrievePage(before: UUID(), limit: 4), [], "page before an unknown id")
      page(try await sut.retrievePage(after: nil, limit: 0), [], "page of 0 images")
      page(try await sut.retrievePage(after: nil, limit: -1), [], "page of -1 images")
      page(try await sut.retrievePage(after: images[2].id, limit: -1), [], "page of -1 images after image 2")
      page(try await sut.retrievePage(before: images[6].id, limit: 0), [], "page of 0 images before image 6")
      page(try await sut.retrievePage(before: images[6].id, limit: -1), [], "page of -1 images before image 6")
      page(try await sut.retrievePage(after: images[8].id, limit: 1), images[9...], "page of 1 image after image 8")
    case .replaceReplacesTheList:
      _ = try await sut.appendPage(images)
      let fresh = numberedImages(2, from: 100)
      let list = [fresh[0], images[5], fresh[1]]  // a new first page that shares an image with the old list
      page(try await sut.replacePages(with: list + [fresh[0]]), list[...], "images kept by replace")
      page(try await sut.retrievePage(after: nil, limit: 30), list[...], "the list after replace")
      page(try await sut.retrievePage(after: images[5].id, limit: 4), [fresh[1]], "page after a kept image")
      page(try await sut.retrievePage(after: images[0].id, limit: 4), [], "page after a replaced image")
      count(try await sut.pageImageCount(), 3, "count after replace")
    case .deleteEmpties:
      try await sut.deletePages()
      _ = try await sut.appendPage(images)
      try await sut.deletePages()
      page(try await sut.retrievePage(after: nil, limit: 30), [], "first page after delete")
      count(try await sut.pageImageCount(), 0, "count after delete")
    case .randomWalkMatchesAnArray:
      try await Self.verifyRandomWalk(sut, seed: RandomizedRounds.seed(seed), sourceLocation: sourceLocation)
    case .concurrentAppendsStayWhole:
      try await Self.verifyConcurrentAppends(sut, sourceLocation: sourceLocation)
    case .concurrentReplacesStayWhole:
      try await Self.verifyConcurrentReplaces(sut, sourceLocation: sourceLocation)
    case .domainPagesMatch:
      try await Self.verifyDomainPages(sut, sourceLocation: sourceLocation)
    }
  }
}
