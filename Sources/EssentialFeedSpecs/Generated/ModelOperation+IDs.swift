import EssentialFeed
import EssentialFeedCache
import Foundation

extension ModelOperation {
  /// The operation with every id in it (images', actions', cursors') changed by `transform`.
  func mapIDs(_ transform: (UUID) -> UUID) -> ModelOperation {
    func images(_ list: [LocalFeedImage]) -> [LocalFeedImage] {
      list.map { LocalFeedImage(id: transform($0.id), description: $0.description, location: $0.location, url: $0.url) }
    }
    func action(_ action: PendingLikeAction) -> PendingLikeAction {
      PendingLikeAction(
        id: transform(action.id), imageID: transform(action.imageID), kind: action.kind, timestamp: action.timestamp)
    }
    switch self {
    case .insertFeed(let feed, let date): return .insertFeed(images(feed), date)
    case .replaceFeed(let feed, let date): return .replaceFeed(images(feed), date)
    case .replaceSearch(let results, let keyword, let date): return .replaceSearch(images(results), keyword, date)
    case .appendSearch(let results, let keyword): return .appendSearch(images(results), keyword)
    case .appendPage(let page): return .appendPage(images(page))
    case .replacePages(let list): return .replacePages(images(list))
    case .pageAfter(let id, let limit): return .pageAfter(id.map(transform), limit)
    case .pageBefore(let id, let limit): return .pageBefore(transform(id), limit)
    case .enqueue(let pending): return .enqueue(action(pending))
    case .removeIfPending(let pending): return .removeIfPending(action(pending))
    case .cancelled(let inner): return .cancelled(inner.mapIDs(transform))
    case .onSecondInstance(let inner): return .onSecondInstance(inner.mapIDs(transform))
    case .together(let operations): return .together(operations.map { $0.mapIDs(transform) })
    default: return self
    }
  }

  /// Every id in the operation, in the order it names them.
  var ids: [UUID] {
    var found: [UUID] = []
    _ = mapIDs { id in
      found.append(id)
      return id
    }
    return found
  }
}

extension [ModelOperation] {
  /// The history with its ids renamed 1, 2, 3… in the order they first appear: the same ones stay the same, so a
  /// shrunk history reads with short names.
  var withSmallIDs: [ModelOperation] {
    var names: [UUID: UUID] = [:]
    for id in flatMap(\.ids) where names[id] == nil {
      names[id] = UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", names.count + 1)) ?? id
    }
    return map { $0.mapIDs { names[$0] ?? $0 } }
  }
}
