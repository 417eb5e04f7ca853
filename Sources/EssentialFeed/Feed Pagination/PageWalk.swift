/// The one loop that loads every page of a list, behind ``FeedPager/loadAll(maximumPages:)``,
/// ``Paginated/loadingAll(maximumPages:endingAtFailure:endingAtBound:)`` and so ``AllPagesFeedLoader``: how a list
/// ends, how a bound cuts it and what a failed page does are decided here once, whatever a page is.
///
/// The rules: a page that brings nothing new ends the list (a server that ignores the cursor cannot make it loop);
/// after `maximumPages` pages the list is cut, and a cut list is never delivered as the whole list: the page after
/// the bound is asked for, and when it brings anything new the walk fails with
/// ``FeedPager/Error/listDidNotEnd(pages:images:)``, unless the cut is what the caller asked for (`endingAtBound`).
/// A page that fails fails the walk, unless `endingAtFailure` and a page was taken already. Cancellation is checked
/// around every page and always thrown.
struct PageWalk<Page> {
  /// Loads the next page, or `nil` when the list says it has none.
  var next: () async throws -> Page?
  /// Whether a page brings anything the walk does not hold yet.
  var bringsNew: (Page) -> Bool
  /// Takes a page into the list.
  var take: (Page) async -> Void
  /// How many items the walk holds, for the error a cut list fails with.
  var count: () -> Int

  /// Walks the pages after the `taken` ones the list already holds.
  func run(
    taken: Int = 0, maximumPages: Int, endingAtFailure: Bool = false, endingAtBound: Bool = false
  ) async throws {
    let bound = max(1, maximumPages)
    var pages = taken
    while pages < bound || !endingAtBound {
      try Task.checkCancellation()
      let loaded: Page?
      do {
        loaded = try await next()
      } catch  where endingAtFailure && pages > 0 && !(error is CancellationError) {
        return
      }
      try Task.checkCancellation()
      guard let page = loaded else { return }
      let isNew = bringsNew(page)
      guard pages < bound else {
        if isNew { throw FeedPager.Error.listDidNotEnd(pages: bound, images: count()) }
        return
      }
      await take(page)
      pages += 1
      if !isNew { return }
    }
  }
}
