import EssentialFeed
import EssentialFeedCache
import Foundation

extension ModelOperation: CustomStringConvertible {
  /// The operation as a failure lists it: the call, with its values short but telling (ids by their first eight
  /// digits, texts quoted and cut, timestamps to the bit).
  var description: String {
    switch self {
    case .insertFeed(let feed, let date): "insert(\(Shown.images(feed)), timestamp: \(Shown.date(date)))"
    case .replaceFeed(let feed, let date):
      "replaceCachedFeed(with: \(Shown.images(feed)), timestamp: \(Shown.date(date)))"
    case .deleteFeed: "deleteCachedFeed()"
    case .retrieveFeed: "retrieve()"
    case .insertImage(let data, let url): "insert(\(data.count) bytes, for: \(Shown.url(url)))"
    case .retrieveImage(let url): "retrieve(dataForURL: \(Shown.url(url)))"
    case .imageSize: "storedImageDataSize()"
    case .deleteAllImages: "deleteAllImageData()"
    case .flushImages: "flush()"
    case .advanceClock(let seconds): "the clock moves on \(seconds) s"
    case .replaceSearch(let results, let keyword, let date):
      "replaceSearch(with: \(Shown.images(results)), for: \(Shown.text(keyword)), timestamp: \(Shown.date(date)))"
    case .appendSearch(let results, let keyword):
      "appendToSearch(\(Shown.images(results)), for: \(Shown.text(keyword)))"
    case .deleteSearch: "deleteSearch()"
    case .retrieveSearch: "retrieveSearch()"
    case .appendPage(let images): "appendPage(\(Shown.images(images)))"
    case .replacePages(let images): "replacePages(with: \(Shown.images(images)))"
    case .pageAfter(let id, let limit): "retrievePage(after: \(id.map(Shown.id) ?? "nil"), limit: \(limit))"
    case .pageBefore(let id, let limit): "retrievePage(before: \(Shown.id(id)), limit: \(limit))"
    case .pageCount: "pageImageCount()"
    case .deletePages: "deletePages()"
    case .enqueue(let action): "enqueue(\(Shown.action(action)))"
    case .pendingActions: "pendingActions()"
    case .removeIfPending(let action): "removeIfPending(\(Shown.action(action)))"
    case .cancelled(let operation): "\(operation), from a cancelled task"
    case .onSecondInstance(let operation): "\(operation), on the second instance"
    case .reopen: "release every instance and open a new one"
    case .together(let operations):
      "at once: " + operations.map(\.description).joined(separator: " | ")
    }
  }
}

/// Values as a failure shows them.
enum Shown {
  static func id(_ id: UUID) -> String {
    let text = id.uuidString
    guard text.hasPrefix("00000000-0000-0000-0000-") else { return String(text.prefix(8)) }
    return "#" + String(Int(text.suffix(12)) ?? 0)
  }

  static func date(_ date: Date) -> String {
    "\(date.timeIntervalSinceReferenceDate)"
  }

  static func text(_ text: String?) -> String {
    guard let text else { return "nil" }
    let bytes = text.utf8.count
    guard bytes > 40 else { return shownQuoted(text) }
    return shownQuoted(String(text.prefix(24))) + "… (\(bytes) bytes)"
  }

  static func url(_ url: URL) -> String {
    let whole = url.absoluteString
    let shown = whole.count > 60 ? whole.prefix(28) + "…" + whole.suffix(28) + " (\(whole.utf8.count) bytes)" : whole
    return url.baseURL == nil ? String(shown) : "\(url.relativeString) relative to \(url.baseURL?.absoluteString ?? "")"
  }

  static func image(_ image: LocalFeedImage) -> String {
    "\(id(image.id)) \(text(image.description)) \(text(image.location)) \(url(image.url))"
  }

  static func images(_ images: [LocalFeedImage]) -> String {
    guard images.count <= 4 else {
      return "\(images.count) images [\(images.prefix(3).map(image).joined(separator: ", ")), …]"
    }
    return "[" + images.map(image).joined(separator: ", ") + "]"
  }

  static func action(_ action: PendingLikeAction) -> String {
    "\(action.kind) \(id(action.id)) of image \(id(action.imageID)) at \(date(action.timestamp))"
  }
}
