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

  private(set) var lists: [BrowseList]
  private(set) var mode = Mode.list
  private(set) var columns: Int
  private(set) var rows: Int
  /// Advances on every animation tick: the shimmer of loading rows moves with it.
  private(set) var frame = 0
  let likes: BrowseLikes
  private let parts: Parts
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

  private func onDetail(_ detail: BrowseDetail, _ key: Key) -> Bool {
    switch key {
    case .character("q"), .interrupt: return false
    case .escape, .backspace, .left: mode = .list
    case .character("t"): detail.controller?.retryImage()
    case .character("r"): detail.controller?.retryComments()
    case .character("l"): toggleLike(detail.image)
    default: break
    }
    onChange()
    return true
  }

  private func typing(_ key: Key, into query: String) {
    switch key {
    case .character(let character): mode = .searching(query + String(character))
    case .backspace: mode = .searching(String(query.dropLast()))
    case .escape, .interrupt: mode = .list
    case .enter:
      mode = .list
      let keyword = query.trimmingCharacters(in: .whitespaces)
      guard !keyword.isEmpty else { break }
      if lists.count > 1 { lists.removeLast() }
      let results = parts.search(keyword)
      adopt(results)
      lists.append(results)
      results.appear()
    default: break
    }
    onChange()
  }

  private func closeSearch() {
    guard lists.count > 1 else { return }
    lists.removeLast()
    list.move(by: 0)
  }

  private func openDetail() {
    guard let image = list.image(at: list.selection) else { return }
    let detail = parts.detail(image)
    detail.onChange = { [weak self] in self?.onChange() }
    mode = .detail(detail)
    detail.controller?.viewDidAppear()
  }

  private func toggleLike(_ chosen: FeedImage? = nil) {
    guard let image = chosen ?? list.image(at: list.selection) else { return }
    parts.toggleLike(image, likes.state(of: image.id).liked)
  }

  private func adopt(_ list: BrowseList) {
    list.rowsPerScreen = BrowseScreen.rowsPerScreen(height: rows)
    list.view.onChange = { [weak self] in self?.onChange() }
  }
}
