import EssentialFeed
import EssentialFeedCache
import Foundation

/// Image data as the spec knows a store keeps it.
struct ImageReference: Sendable {
  /// How much the spec knows of the store's eviction.
  enum Kind: Sendable {
    /// A store without limits: every image inserted is found.
    case exact
    /// A store with limits the spec knows and a clock it drives, used through one instance: least recently used
    /// first, a read counts as a use, exactly as ``ImageCacheLimits`` says.
    case leastRecentlyUsed
    /// A store that may have evicted any image (limits the spec does not know, or two live instances): a read is
    /// the data last inserted or a miss, never other data, and never again once missed.
    case mayMiss
  }

  private struct Entry: Sendable {
    let key: String
    let url: URL
    let data: Data
    let stored: Date
  }

  var kind: Kind
  /// The limits the store was made with, when the spec made it.
  let limits: ImageCacheLimits?
  /// The time the store's clock reads, when the spec drives it.
  private(set) var now: Date
  /// Least recently used first.
  private var entries: [Entry] = []

  init(kind: Kind, limits: ImageCacheLimits? = nil, now: Date = Date(timeIntervalSinceReferenceDate: 0)) {
    self.kind = kind
    self.limits = limits
    self.now = now
  }

  var total: Int { entries.reduce(0) { $0 + $1.data.count } }
  /// Every URL an image is kept for, least recently used first.
  var urls: [URL] { entries.map(\.url) }
  /// When each image kept was stored, and when every image replaced since was: the ages a careless store might still
  /// count from.
  var storedDates: [Date] { entries.map(\.stored) + replacedDates }
  /// When the images replaced since were stored.
  private(set) var replacedDates: [Date] = []
  /// The URLs whose images have expired by now: the engine reads them after the clock moves, so none lingers.
  var expiredURLs: [URL] {
    guard let limits else { return [] }
    return entries.filter { limits.hasExpired(storedAt: $0.stored, at: now) }.map(\.url)
  }

  mutating func apply(_ operation: ModelOperation) -> Expectation {
    switch operation {
    case .insertImage(let data, let url):
      if let limits, data.count > limits.maximumBytes { return .anError }
      if let old = entries.firstIndex(where: { $0.key == url.absoluteString }) {
        replacedDates.append(entries.remove(at: old).stored)
      }
      entries.append(Entry(key: url.absoluteString, url: url, data: data, stored: now))
      if kind == .leastRecentlyUsed, let limits {
        while total > limits.maximumBytes { entries.removeFirst() }
      }
      return .exactly(.done)
    case .retrieveImage(let url):
      guard let index = entries.firstIndex(where: { $0.key == url.absoluteString }) else {
        return .exactly(.data(nil))
      }
      let entry = entries[index]
      if let limits, limits.hasExpired(storedAt: entry.stored, at: now) {
        entries.remove(at: index)
        return .exactly(.data(nil))
      }
      switch kind {
      case .exact: return .exactly(.data(entry.data))
      case .mayMiss: return .dataOrMiss(entry.data)
      case .leastRecentlyUsed:
        entries.append(entries.remove(at: index))
        return .exactly(.data(entry.data))
      }
    case .imageSize:
      return kind == .leastRecentlyUsed ? .exactly(.size(total)) : .sizeAtMost(limits?.maximumBytes ?? .max)
    case .deleteAllImages:
      entries = []
      return .exactly(.done)
    case .advanceClock(let seconds):
      now += seconds
      return .exactly(.done)
    default:
      return .exactly(.done)
    }
  }

  /// A miss of a store that may evict: the image is gone, and must stay gone.
  mutating func settle(_ url: URL, _ observed: Observation) {
    guard kind == .mayMiss, observed == .data(nil) else { return }
    entries.removeAll { $0.key == url.absoluteString }
  }
}
