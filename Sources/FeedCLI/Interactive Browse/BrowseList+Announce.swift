import EssentialFeed

extension BrowseList {
  /// Tells the controller which rows entered and left the screen and its surroundings. With `retelling`, every row
  /// on screen and near it is told again (a new feed has new cells; a cell told twice shows its state again).
  ///
  /// While a Home or End is on its way (a page loading towards its end), no row loads: every row is told hidden.
  /// Rows within two screens prefetch. The page after the rows held loads when their last row comes that near the
  /// screen going down, the page before them going up; in a window, never nearer than half of what the window holds
  /// beyond a screen, so a page that moves the window cannot bring its other end near the screen.
  func announce(retelling: Bool = false) {
    requestPages()
    if target != nil, controller.isLoadingPage {
      // On its way to an end: the rows it passes are gone before their images would show.
      for position in visible.sorted() { controller.itemDidBecomeHidden(at: position) }
      if !nearby.isEmpty { controller.cancelPrefetching(at: nearby.sorted()) }
      (visible, nearby) = ([], [])
      return
    }
    let shown = Set(top..<min(top + rowsPerScreen, rows.upperBound)).intersection(Set(rows))
    let reach = rowsPerScreen * Self.prefetchScreens
    let around = Set(
      max(rows.lowerBound, top - reach)..<max(rows.lowerBound, min(rows.upperBound, top + rowsPerScreen + reach))
    ).subtracting(shown)
    for position in visible.subtracting(shown).sorted() { controller.itemDidBecomeHidden(at: position) }
    for position in (retelling ? shown : shown.subtracting(visible)).sorted() {
      controller.itemWillBecomeVisible(at: position)
    }
    let leaving = nearby.subtracting(around).subtracting(shown)
    if !leaving.isEmpty { controller.cancelPrefetching(at: leaving.sorted()) }
    let coming = retelling ? around : around.subtracting(nearby).subtracting(visible)
    if !coming.isEmpty { controller.prefetchItems(at: coming.sorted()) }
    (visible, nearby) = (shown, around)
  }

  /// Loads the page after the rows held when their last row comes near the screen going down, the page before them
  /// going up.
  private func requestPages() {
    guard let last = rows.last else { return }
    let reach = rowsPerScreen * Self.prefetchScreens
    let pageReach = capacity.map { max(0, min(reach, ($0 - rowsPerScreen) / 2)) } ?? reach
    if direction > 0, last < top + rowsPerScreen + pageReach {
      controller.itemNearEndWillBecomeVisible(at: last)
    }
    if direction < 0, rows.lowerBound > 0, rows.lowerBound + pageReach > top {
      controller.itemNearStartWillBecomeVisible(at: rows.lowerBound)
    }
  }
}
