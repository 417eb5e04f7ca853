import EssentialFeedCache
import Foundation
import Testing

extension Difference {
  /// How the page `got` differs from `expected`: the first image that differs, or the count.
  static func between(got: [LocalFeedImage], expected: [LocalFeedImage]) -> String? {
    let asCache = { (images: [LocalFeedImage]) in CachedFeed(feed: images, timestamp: .distantPast) }
    return between(got: asCache(got), expected: asCache(expected))
  }
}

/// Records the first difference between the page `got` and `expected`, after `context`; `false` when there is one.
@discardableResult
func expectPage(
  _ got: [LocalFeedImage], _ expected: [LocalFeedImage], _ context: String, _ sourceLocation: SourceLocation
) -> Bool {
  guard let difference = Difference.between(got: got, expected: expected) else { return true }
  Issue.record(Comment(rawValue: "\(context): \(difference)"), sourceLocation: sourceLocation)
  return false
}

/// Records an issue, after `context`, unless `got` equals `expected`; `false` when it does not.
@discardableResult
func expectCount(_ got: Int, _ expected: Int, _ context: String, _ sourceLocation: SourceLocation) -> Bool {
  guard got != expected else { return true }
  Issue.record(Comment(rawValue: "\(context): got \(got), expected \(expected)"), sourceLocation: sourceLocation)
  return false
}

/// Distinct images, numbered from `start`, so a failure names which one moved.
func numberedImages(_ count: Int, from start: Int = 0) -> [LocalFeedImage] {
  (start..<(start + count)).map { Fixtures.image("image \($0)", $0.isMultiple(of: 3) ? nil : "place \($0)") }
}
