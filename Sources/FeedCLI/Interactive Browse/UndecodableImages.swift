import EssentialFeed
import Foundation
import Synchronization

/// The bytes the browse's decoder lately found to be no picture (by length and digest, at most `limit` of them), so
/// that a retry of their image asks the server instead of the cache that kept them.
final class UndecodableImages: Sendable {
  private struct Entry: Hashable {
    let count: Int
    let digest: UInt64
  }

  private let entries = Mutex([Entry]())
  /// The most bytes remembered; the oldest are forgotten first.
  let limit: Int

  init(limit: Int = 64) {
    self.limit = limit
  }

  /// Remembers that `data` is no picture.
  func record(_ data: Data) {
    let entry = Entry(count: data.count, digest: PictureCache.Key.digest(data))
    entries.withLock { entries in
      entries.removeAll { $0 == entry }
      entries.append(entry)
      if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }
  }

  /// Whether `data` was found to be no picture, forgetting it: only bytes as long as one remembered are digested.
  func take(_ data: Data) -> Bool {
    guard entries.withLock({ $0.contains { $0.count == data.count } }) else { return false }
    let entry = Entry(count: data.count, digest: PictureCache.Key.digest(data))
    return entries.withLock { entries in
      guard let index = entries.firstIndex(of: entry) else { return false }
      entries.remove(at: index)
      return true
    }
  }
}
