import EssentialFeed
import EssentialFeedCache
import Foundation

/// Timestamps, ids, images and data drawn to break stores: seconds whose bits do not survive re-basing through 1970
/// or rounding to milliseconds, neighbours one bit apart, ties; ids repeated; sizes past field widths.
enum AdversarialValues {
  /// A timestamp: whole, before 1970 or 2001, far ahead, random to the last bit, or one that a store re-basing it
  /// through 1970 (as `timeIntervalSince1970` does) or rounding it to milliseconds would change.
  static func timestamp(using rng: inout SplitMix64) -> Date {
    let seconds: TimeInterval =
      switch Int.random(in: 0..<10, using: &rng) {
      case 0: TimeInterval(Int.random(in: -2_000_000_000...2_000_000_000, using: &rng))
      case 1: -Double.random(in: 978_307_200...2_000_000_000, using: &rng)
      case 2: Double.random(in: 4e9...1.5e10, using: &rng)
      case 3: Double.random(in: 0..<1, using: &rng)
      default: rebaseChanged(using: &rng)
      }
    return Date(timeIntervalSinceReferenceDate: seconds)
  }

  /// Seconds since 2001 that come back other after a trip through seconds since 1970: most random ones do.
  static func rebaseChanged(using rng: inout SplitMix64) -> TimeInterval {
    var seconds = 0.0
    for _ in 0..<64 {
      seconds = Double.random(in: 6e8...8e8, using: &rng)
      let rebased = Date(timeIntervalSince1970: Date(timeIntervalSinceReferenceDate: seconds).timeIntervalSince1970)
      if rebased.timeIntervalSinceReferenceDate != seconds { break }
    }
    return seconds
  }

  /// A time, in seconds since 2001, with sub-microsecond bits that a trip through 1970 changes.
  static let rebaseChangedSample = 721_234_567.134_364_2

  /// A timestamp next to `date`: equal, one bit either way, a microsecond or a second away.
  static func neighbour(of date: Date, using rng: inout SplitMix64) -> Date {
    let seconds = date.timeIntervalSinceReferenceDate
    let near = [seconds, seconds.nextUp, seconds.nextDown, seconds + 0.000_001, seconds - 0.000_001, seconds + 1]
    return Date(timeIntervalSinceReferenceDate: near[Int.random(in: 0..<near.count, using: &rng)])
  }

  /// An image whose id is new or one of `ids` (a repeat), with adversarial texts and URL.
  static func image(reusing ids: [UUID], using rng: inout SplitMix64, allowLong: Bool) -> LocalFeedImage {
    let id =
      !ids.isEmpty && Int.random(in: 0..<4, using: &rng) == 0
      ? ids[Int.random(in: 0..<ids.count, using: &rng)]
      : Fixtures.uuid(using: &rng)
    return LocalFeedImage(
      id: id, description: AdversarialText.optional(using: &rng, allowLong: allowLong),
      location: AdversarialText.optional(using: &rng, allowLong: allowLong), url: AdversarialURL.any(using: &rng))
  }

  /// Up to `maximum` images (often none, a few times one), ids repeated among them and from `ids`.
  static func images(
    upTo maximum: Int, reusing ids: [UUID], using rng: inout SplitMix64, allowLong: Bool = true
  ) -> [LocalFeedImage] {
    let count =
      switch Int.random(in: 0..<10, using: &rng) {
      case 0, 1: 0
      case 2, 3: 1
      default: Int.random(in: 2...maximum, using: &rng)
      }
    var drawn: [LocalFeedImage] = []
    for _ in 0..<count {
      drawn.append(image(reusing: ids + drawn.map(\.id), using: &rng, allowLong: allowLong && drawn.count < 2))
    }
    return drawn
  }

  /// Image data: empty, one byte, a few hundred bytes, or just past 4 KiB or 64 KiB; bytes drawn from the generator,
  /// NULs and newlines among them.
  static func data(using rng: inout SplitMix64) -> Data {
    let sizes = [0, 1, Int.random(in: 2...300, using: &rng), 4_097, 65_535, 65_537]
    return data(using: &rng, size: sizes[Int.random(in: 0..<sizes.count, using: &rng)])
  }

  /// `size` bytes drawn from the generator.
  static func data(using rng: inout SplitMix64, size: Int) -> Data {
    var bytes = [UInt8](repeating: 0, count: size)
    var word = rng.next()
    for index in bytes.indices {
      if index % 8 == 0 { word = rng.next() }
      bytes[index] = UInt8(truncatingIfNeeded: word >> (UInt64(index % 8) * 8))
    }
    return Data(bytes)
  }
}
