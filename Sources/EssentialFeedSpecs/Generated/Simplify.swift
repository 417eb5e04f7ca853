import EssentialFeed
import EssentialFeedCache
import Foundation

/// The simpler values a shrinking step tries, simplest first: a failure that still happens with them is smaller.
enum Simplify {
  /// Shorter lists (empty, each half, each one element fewer), then the list with one image simpler.
  static func lists(_ images: [LocalFeedImage]) -> [[LocalFeedImage]] {
    guard !images.isEmpty else { return [] }
    var shorter: [[LocalFeedImage]] = [[]]
    if images.count > 2 { shorter += [Array(images.prefix(images.count / 2)), Array(images.suffix(images.count / 2))] }
    shorter += images.indices.map { index in
      var fewer = images
      fewer.remove(at: index)
      return fewer
    }
    let plainer = images.indices.flatMap { index in
      images[index].simpler.map { simpler in
        var changed = images
        changed[index] = simpler
        return changed
      }
    }
    return shorter + plainer
  }

  static func optionalTexts(_ text: String?) -> [String?] {
    guard let text else { return [] }
    return [nil] + texts(text).map { $0 }
  }

  /// Empty, then half as long, then without the scalars past ASCII.
  static func texts(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    var simpler = ["", String(text.prefix(text.count / 2))]
    let ascii = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 }))
    if ascii != text { simpler.append(ascii) }
    return simpler.filter { $0 != text }
  }

  static func data(_ data: Data) -> [Data] {
    guard !data.isEmpty else { return [] }
    return [Data(), data.prefix(data.count / 2)]
  }

  /// The reference date, then the date rounded to the second.
  static func dates(_ date: Date) -> [Date] {
    let seconds = date.timeIntervalSinceReferenceDate
    return [0, seconds.rounded()].filter { $0 != seconds }.map { Date(timeIntervalSinceReferenceDate: $0) }
  }

  static func limits(_ limit: Int) -> [Int] {
    [1, 0, limit / 2].filter { abs($0) < abs(limit) }
  }
}
