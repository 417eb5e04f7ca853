import Testing

extension FeedPageStoreSpec {
  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .emptyStoreDeliversNothing: "FPS-1 an empty store delivers no page and a count of 0"
    case .firstPageRoundTrips: "FPS-2 the first page round-trips exactly: order and every field"
    case .pageAfterCursor: "FPS-3 the page after an id is the images that follow it, up to the limit"
    case .pageBeforeCursor: "FPS-4 the page before an id is the images just before it, in order"
    case .appendSkipsKnownIDs: "FPS-5 appending skips ids the list holds and delivers the images appended"
    case .countsImages: "FPS-6 the count is the number of images in the list"
    case .unknownCursorDeliversNothing: "FPS-7 an unknown cursor, or a limit of 0 or less, delivers nothing"
    case .replaceReplacesTheList: "FPS-8 replace puts a new list in place of the whole old one"
    case .deleteEmpties: "FPS-9 delete empties the list; deleting an empty list succeeds"
    case .randomWalkMatchesAnArray: "FPS-10 random appends and reads either way agree with a plain array"
    case .concurrentAppendsStayWhole: "FPS-11 concurrent appends never interleave: each page lands whole"
    case .concurrentReplacesStayWhole: "FPS-14 concurrent replaces and reads never mix two lists"
    case .generatedHistoriesMatchTheModel: "FPS-15 generated histories agree with the model exactly"
    case .listPastSixteenBits: "FPS-16 a list of 65,540 images reads across position 65,536 and whole"
    case .domainPagesMatch: "FPS-17 the pages read as the domain's images are exactly those retrievePage reads"
    }
  }
}
