import EssentialFeed
import FeedTerminal
import Foundation

/// The interactive `feed browse` without a terminal: keys in, a ``ScreenGrid`` out. It routes keys to the list on
/// screen, the detail screen, the search prompt and the likes; every behaviour is the presentation layer's.
@MainActor
final class BrowseSession {
  enum Mode {
    case list
    case searching(String)
    case detail(BrowseDetail)
  }

  /// What the session is built from: the lists, the detail screens and the likes it makes.
  struct Parts {
    /// A list of the search results for a keyword.
    var search: (String) -> BrowseList
    /// The detail screen of an image.
    var detail: (FeedImage) -> BrowseDetail
    /// Likes or discards an image (optimistic: shown at once, then sent).
    var toggleLike: (FeedImage, _ liked: Bool) -> Void
    /// Reloads the likes (a refresh also sends the pending ones).
    var reloadLikes: () -> Void = {}
    /// Where the feed came from: "server" or "cache", once known.
    var origin: () -> String? = { nil }
  }

  var lists: [BrowseList]
  var mode = Mode.list
  private(set) var columns: Int
  private(set) var rows: Int
  /// Advances on every animation tick: the shimmer of loading rows moves with it.
  private(set) var frame = 0
  let likes: BrowseLikes
  let parts: Parts
  /// Something shown changed: the screen needs drawing.
  var onChange: () -> Void = {}

  init(feed: BrowseList, likes: BrowseLikes, parts: Parts, columns: Int, rows: Int) {
    lists = [feed]
    self.likes = likes
    self.parts = parts
    (self.columns, self.rows) = (columns, rows)
    likes.onChange = { [weak self] in self?.onChange() }
    adopt(feed)
  }

  var list: BrowseList { lists[lists.count - 1] }
  var origin: String? { parts.origin() }

  /// The screen appears: the feed loads.
  func start() {
    list.appear()
    parts.reloadLikes()
  }

  /// The terminal has a new size: the lists lay out again.
  func resize(columns: Int, rows: Int) {
    (self.columns, self.rows) = (columns, rows)
    for list in lists { list.rowsPerScreen = BrowseScreen.rowsPerScreen(height: rows) }
    onChange()
  }

  /// The next animation frame.
  func tick() {
    frame &+= 1
  }

  /// Handles `key`; `false` when the customer asked to quit.
  func handle(_ key: Key) -> Bool {
    switch mode {
    case .searching(let query): typing(key, into: query)
    case .detail(let detail): return onDetail(detail, key)
    case .list: return onList(key)
    }
    return true
  }

  private func onList(_ key: Key) -> Bool {
    switch key {
    case .character("q"), .interrupt: return false
    case .up: list.move(by: -1)
    case .down: list.move(by: 1)
    case .pageUp: list.page(by: -1)
    case .pageDown: list.page(by: 1)
    case .home: list.jump(to: .start)
    case .end: list.jump(to: .end)
    case .character("r"):
      list.refresh()
      parts.reloadLikes()
    case .character("t"): list.controller.retryImage(at: list.selection)
    case .character("l"): toggleLike()
    case .character("/"): mode = .searching("")
    case .enter: openDetail()
    case .escape, .backspace: closeSearch()
    default: break
    }
    onChange()
    return true
  }

  func adopt(_ list: BrowseList) {
    list.rowsPerScreen = BrowseScreen.rowsPerScreen(height: rows)
    list.view.onChange = { [weak self] in self?.onChange() }
  }
}
