import EssentialFeed
import EssentialFeedCache
import Foundation

extension ModelOperation {
  /// The operation with every URL in it changed by `transform`: to move a history to a namespace of its own.
  func mapURLs(_ transform: (URL) -> URL) -> ModelOperation {
    func images(_ list: [LocalFeedImage]) -> [LocalFeedImage] { list.map { $0.with(url: transform($0.url)) } }
    switch self {
    case .insertFeed(let feed, let date): return .insertFeed(images(feed), date)
    case .replaceFeed(let feed, let date): return .replaceFeed(images(feed), date)
    case .insertImage(let data, let url): return .insertImage(data, transform(url))
    case .retrieveImage(let url): return .retrieveImage(transform(url))
    case .replaceSearch(let results, let keyword, let date): return .replaceSearch(images(results), keyword, date)
    case .appendSearch(let results, let keyword): return .appendSearch(images(results), keyword)
    case .appendPage(let page): return .appendPage(images(page))
    case .replacePages(let list): return .replacePages(images(list))
    case .cancelled(let inner): return .cancelled(inner.mapURLs(transform))
    case .onSecondInstance(let inner): return .onSecondInstance(inner.mapURLs(transform))
    case .together(let operations): return .together(operations.map { $0.mapURLs(transform) })
    default: return self
    }
  }

  /// Simpler forms of the operation, simplest first: shorter lists, plainer texts and data, rounder times, or the
  /// operation without its cancellation or second instance.
  var simpler: [ModelOperation] {
    switch self {
    case .insertFeed(let feed, let date):
      return Simplify.lists(feed).map { .insertFeed($0, date) } + Simplify.dates(date).map { .insertFeed(feed, $0) }
    case .replaceFeed(let feed, let date):
      return Simplify.lists(feed).map { .replaceFeed($0, date) } + Simplify.dates(date).map { .replaceFeed(feed, $0) }
    case .insertImage(let data, let url):
      return Simplify.data(data).map { .insertImage($0, url) }
    case .replaceSearch(let results, let keyword, let date):
      return Simplify.lists(results).map { .replaceSearch($0, keyword, date) }
        + Simplify.texts(keyword).map { .replaceSearch(results, $0, date) }
        + Simplify.dates(date).map { .replaceSearch(results, keyword, $0) }
    case .appendSearch(let results, let keyword):
      return Simplify.lists(results).map { .appendSearch($0, keyword) }
    case .appendPage(let page): return Simplify.lists(page).map { .appendPage($0) }
    case .replacePages(let list): return Simplify.lists(list).map { .replacePages($0) }
    case .pageAfter(let id, let limit): return Simplify.limits(limit).map { .pageAfter(id, $0) }
    case .pageBefore(let id, let limit): return Simplify.limits(limit).map { .pageBefore(id, $0) }
    case .enqueue(let action): return Simplify.dates(action.timestamp).map { .enqueue(action.with(timestamp: $0)) }
    case .cancelled(let inner): return [inner] + inner.simpler.map { .cancelled($0) }
    case .onSecondInstance(let inner): return [inner] + inner.simpler.map { .onSecondInstance($0) }
    case .together(let operations):
      return operations
        + operations.indices.flatMap { index in
          operations[index].simpler.map { simpler in
            var changed = operations
            changed[index] = simpler
            return .together(changed)
          }
        }
    default: return []
    }
  }
}

extension LocalFeedImage {
  func with(url: URL) -> LocalFeedImage {
    LocalFeedImage(id: id, description: description, location: location, url: url)
  }

  /// Simpler forms of the image: the plainest URL of its host, without its texts, with plainer texts.
  var simpler: [LocalFeedImage] {
    let plainest = AdversarialURL.plainest(like: url)
    let urls = plainest.absoluteString == url.absoluteString ? [] : [with(url: plainest)]
    let descriptions = Simplify.optionalTexts(description).map {
      LocalFeedImage(id: id, description: $0, location: location, url: url)
    }
    let locations = Simplify.optionalTexts(location).map {
      LocalFeedImage(id: id, description: description, location: $0, url: url)
    }
    return urls + descriptions + locations
  }
}

extension PendingLikeAction {
  func with(timestamp: Date) -> PendingLikeAction {
    PendingLikeAction(id: id, imageID: imageID, kind: kind, timestamp: timestamp)
  }
}
