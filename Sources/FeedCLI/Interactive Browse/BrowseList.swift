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
  /// Whether the list is on screen, not covered by a search or a detail.
  private(set) var isShown = true
  /// The way the customer last moved: pages load that way only, so a small window never moves by itself.
  private(set) var direction = 1
  private(set) var target: Target?
  /// The rows the controller was told are on screen, and near it (prefetching); kept by `announce`.
  var visible: Set<Int> = []
  var nearby: Set<Int> = []
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

  /// The list is covered by a search or a detail: its rows are hidden, their loads and prefetches cancelled.
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
}
