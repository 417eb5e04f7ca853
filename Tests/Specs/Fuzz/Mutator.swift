import EssentialFeedSpecs
import Foundation

/// Makes fuzz inputs from seeds: byte flips, insertions, deletions, truncations, splices, extreme integers written
/// over fixed-width fields, and JSON-aware edits (tokens swapped for other JSON values, keys duplicated, commas added).
struct Mutator {
  private var rng: SplitMix64

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &rng) }
  mutating func chance(_ percent: Int) -> Bool { int(0..<100) < percent }

  /// One to four mutations of `seed`.
  mutating func mutate(_ seed: [UInt8]) -> [UInt8] {
    var bytes = seed
    for _ in 0..<int(1..<5) { bytes = mutateOnce(bytes) }
    return bytes
  }

  private static let extremes: [UInt64] = [
    0, 1, 0x7F, 0xFF, 0xFFFF, 0xFFFF_FFFF, UInt64(Int64.max), .max, .max - 1, 1 << 63,
  ]
  private static let jsonTokens = [
    "null", "true", "0", "-1", "1e309", "\"\"", "[]", "{}", "\"\\u0000\"", "\"\\ud800\"", "\"http://\"",
    "\"https://a.com/x\"", "\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\"", "[[[[[[[[[[[[[[[[[[[[", ",", ":", "\"items\"",
    "{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"image\":\"https://a.com/1\"}",
  ]

  private mutating func mutateOnce(_ input: [UInt8]) -> [UInt8] {
    var bytes = input
    switch int(0..<8) {
    case 0 where !bytes.isEmpty:  // Flip bits in one byte.
      bytes[int(0..<bytes.count)] ^= UInt8(truncatingIfNeeded: int(1..<256))
    case 1:  // Insert random bytes.
      let at = int(0..<(bytes.count + 1))
      bytes.insert(contentsOf: (0..<int(1..<9)).map { _ in UInt8(truncatingIfNeeded: int(0..<256)) }, at: at)
    case 2 where !bytes.isEmpty:  // Delete a run.
      let start = int(0..<bytes.count)
      bytes.removeSubrange(start..<min(bytes.count, start + int(1..<17)))
    case 3 where !bytes.isEmpty:  // Truncate.
      bytes.removeLast(int(1..<(bytes.count + 1)))
    case 4 where bytes.count >= 8:  // An extreme value over a fixed-width field.
      let at = int(0..<(bytes.count - 7))
      let value = Self.extremes[int(0..<Self.extremes.count)] &+ UInt64(int(0..<3))
      let width = [1, 2, 4, 8][int(0..<4)]
      withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(at..<(at + width), with: $0.prefix(width)) }
    case 5 where !bytes.isEmpty:  // Duplicate a run elsewhere (splice).
      let start = int(0..<bytes.count)
      let run = Array(bytes[start..<min(bytes.count, start + int(1..<33))])
      bytes.insert(contentsOf: run, at: int(0..<(bytes.count + 1)))
    case 6:  // A JSON token in place of a run.
      let token = Array(Self.jsonTokens[int(0..<Self.jsonTokens.count)].utf8)
      let start = int(0..<(bytes.count + 1))
      bytes.replaceSubrange(start..<min(bytes.count, start + int(0..<8)), with: token)
    default:  // Repeat the input's tail many times: deep nesting and long runs.
      if let last = bytes.last { bytes.append(contentsOf: repeatElement(last, count: int(1..<2_000))) }
    }
    return bytes
  }
}
