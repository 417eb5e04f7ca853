import Foundation
import Testing

@testable import EssentialFeedCache

@Suite("Image cache entries: the order of use behind every limited store")
struct ImageEntriesSpecs {
  @Test(
    "ICL-28 the order of use and the evictions (and their prediction) match a plain list through 20,000 inserts, reads and removals, renumbered many times"
  )
  func orderOfUseMatchesAModel() throws {
    var entries = ImageEntries<Int, Int>()
    var model: [(key: Int, size: Int)] = []  // least recently used first
    let limits = ImageCacheLimits(maximumBytes: 100)
    var random = SplitMix(seed: 0xE7)
    for step in 0..<20_000 {
      let key = Int(random.next() % 12)
      switch random.next() % 3 {
      case 0:
        let size = Int(random.next() % 30)
        // What the file-system store records before it inserts: exactly the keys the insert then removes.
        let predicted = entries.evictions(forInserting: size, for: key, limits: limits)
        try entries.insert(step, size: size, for: key, stored: Date(), limits: limits)
        model.removeAll { $0.key == key }
        model.append((key, size))
        var evicted: [Int] = []
        while model.reduce(0, { $0 + $1.size }) > 100 { evicted.append(model.removeFirst().key) }
        #expect(predicted == evicted, "step \(step)")
      case 1:
        entries.recordUse(of: key)
        if let index = model.firstIndex(where: { $0.key == key }) { model.append(model.remove(at: index)) }
      default:
        entries.remove(key)
        model.removeAll { $0.key == key }
      }
      #expect(entries.keysByUse == model.map(\.key), "step \(step)")
      #expect(entries.total == model.reduce(0) { $0 + $1.size })
      if entries.keysByUse != model.map(\.key) { return }
    }
  }
}

/// A small seeded generator, so a failure repeats.
private struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
