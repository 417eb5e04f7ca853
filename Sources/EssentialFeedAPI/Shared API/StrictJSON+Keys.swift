extension StrictJSON {
  /// The keys of the objects open now, to find a key repeated within one object in work linear in the payload.
  ///
  /// A small object's keys are compared in a list; past ``indexedAfter`` keys an object gets a hash table of its own,
  /// so a key is compared only with the keys of its hash, and an object of 200,000 keys costs about 200,000
  /// comparisons, not 2 × 10^10 (RFL-16).
  struct OpenObjects {
    /// The keys a small object compares in a list before it gets a hash table.
    static let indexedAfter = 16

    /// The keys of every open object, as byte ranges of the payload; each object's from its start in `starts`.
    private var keys: [Range<Int>] = []
    private var starts: [Int] = []
    /// Each open object's hash table of its keys, once it has more than ``indexedAfter``.
    private var tables: [[Int: [Range<Int>]]?] = []
    /// The pairs of keys compared byte by byte so far: the work the check did.
    private(set) var comparisons = 0

    init() {
      keys.reserveCapacity(16)
      starts.reserveCapacity(8)
      tables.reserveCapacity(8)
    }

    mutating func open() {
      starts.append(keys.count)
      tables.append(nil)
    }

    mutating func close() {
      guard let start = starts.popLast() else { return }
      keys.removeSubrange(start...)
      tables.removeLast()
    }

    /// Whether the innermost open object already has the key at `range` of `bytes` (compared as written), recording
    /// it if not.
    mutating func isRepeated(_ range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Bool {
      guard let start = starts.last else { return false }
      let top = tables.count - 1
      if tables[top] != nil {
        let hash = Self.hash(range, in: bytes)
        for other in tables[top]?[hash] ?? [] where equal(other, range, in: bytes) { return true }
        tables[top]?[hash, default: []].append(range)
        return false
      }
      for other in keys[start...] where equal(other, range, in: bytes) { return true }
      keys.append(range)
      if keys.count - start > Self.indexedAfter {
        var table: [Int: [Range<Int>]] = [:]
        for key in keys[start...] { table[Self.hash(key, in: bytes), default: []].append(key) }
        keys.removeSubrange(start...)
        tables[top] = table
      }
      return false
    }

    private mutating func equal(_ a: Range<Int>, _ b: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Bool {
      guard a.count == b.count else { return false }
      comparisons += 1
      return bytes[a].elementsEqual(bytes[b])
    }

    private static func hash(_ range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Int {
      var hasher = Hasher()
      hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]))
      return hasher.finalize()
    }
  }
}
