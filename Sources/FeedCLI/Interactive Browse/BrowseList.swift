import EssentialFeed
import FeedTerminal

/// One scrolling list on the screen (the feed, or search results): its controller, what it shows, the selected row
/// and the first row on screen. Moving the selection lays the rows out and tells the controller which rows entered
/// the screen, which left it, and which are near it; the controller decides what loads and what is cancelled.
@MainActor
final class BrowseList {
  /// Where a Home or End keeps going while the window loads pages towards it.
  enum Target { case start, end }

  let title: String
  let controller: FeedController<Thumbnail>
  let view: BrowseListView
  private(set) var selection = 0
  private(set) var top = 0
  var rowsPerScreen = 1 {
    didSet { if rowsPerScreen != oldValue, isShown { scroll() } }
  }
  /// Whether the list is on screen: a search or a detail screen covering it has its rows hidden.
  private(set) var isShown = true
  /// The way the customer last moved: the window loads pages that way only, so a window that holds little more than
  /// a screen never moves by itself.
  private var direction = 1
  private(set) var target: Target?
  /// The rows the controller was told are on screen, and near it (prefetching).
  private(set) var visible: Set<Int> = []
  private(set) var nearby: Set<Int> = []
  /// How many screens ahead and behind rows are prefetched.
  static let prefetchScreens = 2

  /// The most rows the list holds at once: its window's capacity, or `nil` when it is not windowed.
  let capacity: Int?

  init(title: String, controller: FeedController<Thumbnail>, view: BrowseListView, capacity: Int? = nil) {
    self.title = title
    self.capacity = capacity
    self.controller = controller
    self.view = view
    view.onFeed = { [weak self] _ in self?.feedChanged() }
  }

  /// The positions the controller holds now.
  var rows: Range<Int> { controller.startIndex..<(controller.startIndex + controller.feed.count) }

  /// The image at `position`, if the controller holds it.
  func image(at position: Int) -> FeedImage? {
    rows.contains(position) ? controller.feed[position - controller.startIndex] : nil
  }

  /// The list appears, or shows again once uncovered: loads the feed the first time, and tells the controller which
  /// rows are on screen.
  func appear() {
    isShown = true
    controller.viewDidAppear()
    scroll(retelling: true)
  }

  /// The list is covered (a search, a detail screen): its rows are hidden, their loads and prefetches cancelled.
  func disappear() {
    isShown = false
    for position in visible.sorted() { controller.itemDidBecomeHidden(at: position) }
    if !nearby.isEmpty { controller.cancelPrefetching(at: nearby.sorted()) }
    (visible, nearby) = ([], [])
  }

  /// Pull to refresh: reloads the list from its first page, and selects that page's first row once it shows.
  func refresh() {
    target = .start
    direction = 1
    controller.refresh()
  }

  /// Moves the selection by `delta` rows within the rows held; stops a Home or End on its way.
  func move(by delta: Int) {
    target = nil
    if delta != 0 { direction = delta.signum() }
    select(selection + delta)
  }

  /// Turns `delta` screens (PgDn, PgUp): the selection and the first row on screen move together, as far as the
  /// rows held allow.
  func page(by delta: Int) {
    target = nil
    direction = delta.signum()
    top += delta * rowsPerScreen
    select(selection + delta * rowsPerScreen)
  }

  /// Selects the first row (Home) or the last (End), and keeps going while the window loads more that way.
  func jump(to target: Target) {
    self.target = target
    direction = target == .start ? -1 : 1
    select(target == .start ? rows.lowerBound : rows.upperBound - 1)
  }

  private func select(_ position: Int) {
    guard !rows.isEmpty else { return }
    selection = min(max(position, rows.lowerBound), rows.upperBound - 1)
    scroll()
  }

  /// Keeps the selection on screen, then tells the controller what changed.
  private func scroll(retelling: Bool = false) {
    if selection < top { top = selection }
    if selection >= top + rowsPerScreen { top = selection - rowsPerScreen + 1 }
    top = max(rows.lowerBound, min(top, max(rows.lowerBound, rows.upperBound - rowsPerScreen)))
    if isShown { announce(retelling: retelling) }
  }

  /// The controller's rows changed: keeps the selection within them (following a Home or End on its way), and
  /// tells the new cells they are on screen.
  private func feedChanged() {
    switch target {
    case .start?: selection = rows.lowerBound
    case .end?: selection = rows.upperBound - 1
    case nil: selection = min(max(selection, rows.lowerBound), max(rows.lowerBound, rows.upperBound - 1))
    }
    if target == .start && rows.lowerBound == 0 { target = nil }
    scroll(retelling: true)
  }

  /// Tells the controller which rows entered and left the screen and its surroundings. With `retelling`, every row
  /// on screen and near it is told again (a new feed has new cells; a cell told twice shows its state again).
  ///
  /// Rows within two screens prefetch. The page after the rows held loads when their last row comes that near the
  /// screen going down, the page before them going up; in a window, never nearer than half of what the window holds
  /// beyond a screen, so a page that moves the window cannot bring its other end near the screen.
  private func announce(retelling: Bool = false) {
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
    guard let last = rows.last else { return }
    let pageReach = capacity.map { max(0, min(reach, ($0 - rowsPerScreen) / 2)) } ?? reach
    if direction > 0, last < top + rowsPerScreen + pageReach {
      controller.itemNearEndWillBecomeVisible(at: last)
    }
    if direction < 0, rows.lowerBound > 0, rows.lowerBound + pageReach > top {
      controller.itemNearStartWillBecomeVisible(at: rows.lowerBound)
    }
  }
}
