import EssentialFeed
import EssentialFeedCache
import Foundation

/// A page list as a plain array with unique ids.
struct PageReference: Sendable {
  private(set) var images: [LocalFeedImage] = []
  private var ids: Set<UUID> = []

  mutating func apply(_ operation: ModelOperation) -> Expectation {
    switch operation {
    case .appendPage(let page):
      return .exactly(.page(append(page)))
    case .replacePages(let list):
      self = PageReference()
      return .exactly(.page(append(list)))
    case .pageAfter(let id, let limit):
      guard limit > 0 else { return .exactly(.page([])) }
      guard let id else { return .exactly(.page(Array(images.prefix(limit)))) }
      guard let position = images.firstIndex(where: { $0.id == id }) else { return .exactly(.page([])) }
      return .exactly(.page(Array(images[(position + 1)...].prefix(limit))))
    case .pageBefore(let id, let limit):
      guard limit > 0, let position = images.firstIndex(where: { $0.id == id }) else { return .exactly(.page([])) }
      return .exactly(.page(Array(images[..<position].suffix(limit))))
    case .pageCount:
      return .exactly(.count(images.count))
    case .deletePages:
      self = PageReference()
      return .exactly(.done)
    default:
      return .exactly(.done)
    }
  }

  private mutating func append(_ page: [LocalFeedImage]) -> [LocalFeedImage] {
    let new = page.filter { ids.insert($0.id).inserted }
    images += new
    return new
  }
}

/// Pending like actions in the order they were stored: one per image, the latest intent, stored last.
struct PendingLikeReference: Sendable {
  private(set) var stored: [PendingLikeAction] = []

  /// The actions as a store lists them: the oldest timestamp first, ties in the order they were stored.
  var listed: [PendingLikeAction] {
    stored.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }.map(\.element)
  }

  mutating func apply(_ operation: ModelOperation) -> Expectation {
    switch operation {
    case .enqueue(let action):
      stored.removeAll { $0.imageID == action.imageID }
      stored.append(action)
      return .exactly(.done)
    case .pendingActions:
      return .exactly(.actions(listed))
    case .removeIfPending(let action):
      guard let index = stored.firstIndex(where: { $0.imageID == action.imageID && $0.id == action.id }) else {
        return .exactly(.removed(false))
      }
      stored.remove(at: index)
      return .exactly(.removed(true))
    default:
      return .exactly(.done)
    }
  }
}
