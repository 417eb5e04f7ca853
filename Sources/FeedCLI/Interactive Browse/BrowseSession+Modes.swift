import EssentialFeed
import FeedTerminal
import Foundation

/// The detail screen, the search prompt, and the likes.
extension BrowseSession {
  func onDetail(_ detail: BrowseDetail, _ key: Key) -> Bool {
    switch key {
    case .character("q"), .interrupt:
      detail.controller = nil
      return false
    case .escape, .backspace, .left:
      // The controller holds the detail as its views: releasing it frees both and cancels what still loads.
      detail.controller = nil
      mode = .list
      list.appear()
    case .character("t"): detail.controller?.retryImage()
    case .character("r"): detail.controller?.retryComments()
    case .character("l"): toggleLike(detail.image)
    default: break
    }
    onChange()
    return true
  }

  func typing(_ key: Key, into query: String) {
    switch key {
    case .character(let character): mode = .searching(query + String(character))
    case .backspace: mode = .searching(String(query.dropLast()))
    case .escape, .interrupt: mode = .list
    case .enter:
      mode = .list
      let keyword = query.trimmingCharacters(in: .whitespaces)
      guard !keyword.isEmpty else { break }
      if lists.count > 1 { lists.removeLast() }  // released: its loads are cancelled
      list.disappear()
      let results = parts.search(keyword)
      adopt(results)
      lists.append(results)
      results.appear()
    default: break
    }
    onChange()
  }

  func closeSearch() {
    guard lists.count > 1 else { return }
    lists.removeLast()
    list.appear()
  }

  func openDetail() {
    guard let image = list.image(at: list.selection) else { return }
    let detail = parts.detail(image)
    detail.onChange = { [weak self] in self?.onChange() }
    list.disappear()
    mode = .detail(detail)
    detail.controller?.viewDidAppear()
  }

  func toggleLike(_ chosen: FeedImage? = nil) {
    guard let image = chosen ?? list.image(at: list.selection) else { return }
    parts.toggleLike(image, likes.state(of: image.id).liked)
  }
}
