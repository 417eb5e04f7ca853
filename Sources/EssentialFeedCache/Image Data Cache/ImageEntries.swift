import Foundation

/// The entries of an image cache, with what limits need: each entry's size, when it was stored and when it was last
/// used, the total, and the entries in order of use, so that eviction takes the least recently used in constant time.
///
/// The in-memory store keeps the data itself as the value; the file-system store keeps nothing but the index.
struct ImageEntries<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// One entry: its value, size in bytes and when it was stored.
  struct Entry: Sendable {
    var value: Value
    var size: Int
    var stored: Date
    fileprivate var use: Int
  }

  private var entries: [Key: Entry] = [:]
  /// The keys by use: slot `use` holds the key used then, or `nil` once it was used again or removed. Renumbered from
  /// 0 once the empty slots outnumber the entries by more than 1,024, so repeated reads of a few images keep it small.
  private var byUse: [Key?] = []
  private var oldestUse = 0
  private(set) var total = 0

  /// How many entries there are.
  var count: Int { entries.count }

  /// The keys from the least recently used to the most.
  var keysByUse: [Key] {
    byUse[oldestUse...].compactMap { $0 }
  }

  /// The entry for `key`, if any; looking does not count as a use.
  func entry(for key: Key) -> Entry? {
    entries[key]
  }

  /// Stores `value` of `size` bytes for `key`, stored at `stored`, as the most recently used; then removes the least
  /// recently used entries until the total is within `limits` (``evictions(forInserting:for:limits:)`` names them
  /// first, for a store that records removals before making them).
  ///
  /// - Throws: ``ImageTooLargeError`` when `size` alone exceeds the limit; nothing changes then.
  mutating func insert(_ value: Value, size: Int, for key: Key, stored: Date, limits: ImageCacheLimits?)
    throws(ImageTooLargeError)
  {
    if let limits, size > limits.maximumBytes { throw ImageTooLargeError(size: size, limit: limits.maximumBytes) }
    let entry = Entry(value: value, size: size, stored: stored, use: byUse.count)
    if let replaced = entries.updateValue(entry, forKey: key) {
      byUse[replaced.use] = nil
      total -= replaced.size
    }
    byUse.append(key)
    total += size
    if let limits {
      while total > limits.maximumBytes, let oldest = takeOldest() { remove(oldest) }
    }
    renumberIfSparse()
  }

  /// The keys an insert of `size` bytes for `key` would remove to keep within `limits`, least recently used first,
  /// without removing them: so a store can record the removals before it makes them.
  func evictions(forInserting size: Int, for key: Key, limits: ImageCacheLimits?) -> [Key] {
    guard let limits else { return [] }
    var total = total - (entries[key]?.size ?? 0) + size
    var evicted: [Key] = []
    var use = oldestUse
    while total > limits.maximumBytes, use < byUse.count {
      if let oldest = byUse[use], oldest != key, let entry = entries[oldest] {
        total -= entry.size
        evicted.append(oldest)
      }
      use += 1
    }
    return evicted
  }

  /// Records a use of `key`: it becomes the most recently used.
  mutating func recordUse(of key: Key) {
    guard let index = entries.index(forKey: key) else { return }
    byUse[entries.values[index].use] = nil
    entries.values[index].use = byUse.count
    byUse.append(key)
    renumberIfSparse()
  }

  /// Removes `key`'s entry, if any.
  @discardableResult
  mutating func remove(_ key: Key) -> Entry? {
    guard let entry = entries.removeValue(forKey: key) else { return nil }
    byUse[entry.use] = nil
    total -= entry.size
    return entry
  }

  /// Deletes every entry.
  mutating func removeAll() {
    self = ImageEntries()
  }

  private mutating func takeOldest() -> Key? {
    while oldestUse < byUse.count {
      defer { oldestUse += 1 }
      if let key = byUse[oldestUse] { return key }
    }
    return nil
  }

  private mutating func renumberIfSparse() {
    // Rare for a small cache too: each renumbering hashes every key.
    guard byUse.count > 2 * entries.count + 1_024 else { return }
    byUse = keysByUse
    oldestUse = 0
    for (use, key) in byUse.enumerated() { if let key { entries[key]?.use = use } }
  }
}

extension ImageEntries {
  /// The value for `key`, recording the use; `nil`, and the entry removed, when it has expired at `now`.
  mutating func retrieve(_ key: Key, at now: Date, limits: ImageCacheLimits?) -> Value? {
    guard let entry = entries[key] else { return nil }
    if let limits, limits.hasExpired(storedAt: entry.stored, at: now) {
      remove(key)
      return nil
    }
    recordUse(of: key)
    return entry.value
  }
}
