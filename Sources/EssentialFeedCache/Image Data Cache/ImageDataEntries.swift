import Foundation

/// Image data in memory, with what limits need: each entry's size, when it was stored and when it was last used,
/// the total, and the entries in order of use, so that eviction takes the least recently used in constant time.
struct ImageDataEntries: Sendable {
  private struct Entry {
    var data: Data
    var stored: Date
    var use: Int
  }

  private var entries: [String: Entry] = [:]
  private var byUse: [Int: String] = [:]
  private var oldestUse = 0
  private var nextUse = 0
  private(set) var total = 0

  /// Stores `data` for `key` at `now`, then removes the least recently used entries until the total is within
  /// `limits`.
  ///
  /// - Throws: ``ImageTooLargeError`` when `data` alone exceeds the limit; nothing changes then.
  mutating func insert(_ data: Data, for key: String, at now: Date, limits: ImageCacheLimits?)
    throws(ImageTooLargeError)
  {
    if let limits, data.count > limits.maximumBytes {
      throw ImageTooLargeError(size: data.count, limit: limits.maximumBytes)
    }
    remove(key)
    entries[key] = Entry(data: data, stored: now, use: takeUse(for: key))
    total += data.count
    guard let limits else { return }
    while total > limits.maximumBytes, let oldest = takeOldest() { remove(oldest) }
  }

  /// The data for `key`, recording the use; `nil`, and the entry removed, when it has expired at `now`.
  mutating func retrieve(_ key: String, at now: Date, limits: ImageCacheLimits?) -> Data? {
    guard var entry = entries[key] else { return nil }
    if let limits, limits.hasExpired(storedAt: entry.stored, at: now) {
      remove(key)
      return nil
    }
    byUse[entry.use] = nil
    entry.use = takeUse(for: key)
    entries[key] = entry
    return entry.data
  }

  /// Deletes every entry.
  mutating func removeAll() {
    self = ImageDataEntries()
  }

  private mutating func remove(_ key: String) {
    guard let entry = entries.removeValue(forKey: key) else { return }
    byUse[entry.use] = nil
    total -= entry.data.count
  }

  private mutating func takeUse(for key: String) -> Int {
    defer { nextUse += 1 }
    byUse[nextUse] = key
    return nextUse
  }

  private mutating func takeOldest() -> String? {
    while oldestUse < nextUse {
      defer { oldestUse += 1 }
      if let key = byUse[oldestUse] { return key }
    }
    return nil
  }
}
