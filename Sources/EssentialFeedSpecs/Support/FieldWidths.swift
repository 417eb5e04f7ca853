import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

/// Sizes past the widths and caps stores tend to have: a count past 65,536 (a 16-bit field), reads of more than 1,000
/// items at once (a page or chunk size), run once per suite and store, not per operation.
enum FieldWidths {
  /// Past 65,536 by a few, so a 16-bit count wraps to a small one.
  static let count = 65_540

  /// Images numbered 0 to `count` - 1, so a failure names the one that moved; made once (65,540 URLs take a while to
  /// parse), and shared by every spec that needs them.
  static func images() -> [LocalFeedImage] {
    numbered
  }

  private static let numbered: [LocalFeedImage] = (0..<count).map { index in
    LocalFeedImage(
      id: UUID(), description: "image \(index)", location: index.isMultiple(of: 3) ? nil : "place \(index)",
      url: Fixtures.url("https://image.example.com/\(index)"))
  }

  /// FPS-16: a list past 65,536 images, appended in pages, read across the 65,536th position either way, whole in
  /// one read, and counted.
  static func verifyPages(_ sut: any FeedPageStore, _ sourceLocation: SourceLocation) async throws {
    let images = images()
    for start in stride(from: 0, to: images.count, by: 20_000) {
      _ = try await sut.appendPage(Array(images[start..<min(start + 20_000, images.count)]))
    }
    let reads: [(String, () async throws -> [LocalFeedImage], ArraySlice<LocalFeedImage>)] = [
      ("the whole list in one read", { try await sut.retrievePage(after: nil, limit: count + 1) }, images[...]),
      (
        "page after image 65,534", { try await sut.retrievePage(after: images[65_534].id, limit: 4) },
        images[65_535..<65_539]
      ),
      (
        "page before image 65,537", { try await sut.retrievePage(before: images[65_537].id, limit: 3) },
        images[65_534..<65_537]
      ),
      (
        "page after image 65,538", { try await sut.retrievePage(after: images[65_538].id, limit: 10) },
        images[65_539...]
      ),
      (
        "page of 1,001 before image 1,001", { try await sut.retrievePage(before: images[1_001].id, limit: 1_001) },
        images[0..<1_001]
      ),
    ]
    for (context, read, expected) in reads {
      guard expectPage(try await read(), Array(expected), "\(context) of \(count)", sourceLocation) else { return }
    }
    expectCount(try await sut.pageImageCount(), count, "count of a list of \(count)", sourceLocation)
  }

  /// SRS-12: a search past 65,536 results, replaced with most of them and appended the rest, retrieves exactly.
  static func verifySearch(_ sut: any FeedSearchStore, _ sourceLocation: SourceLocation) async throws {
    let results = images()
    let timestamp = Date(timeIntervalSinceReferenceDate: AdversarialValues.rebaseChangedSample)
    try await sut.replaceSearch(with: Array(results[..<40_000]), for: "kyoto", timestamp: timestamp)
    try await sut.appendToSearch(Array(results[40_000...]), for: "kyoto")
    let expected = CachedSearch(keyword: "kyoto", results: results, timestamp: timestamp)
    try await expectSearch(sut, expected, "retrieve after \(count) results in two pages", sourceLocation)
  }

  /// A random version 4 UUID from `generator`, in no order a store could sort by, with no system call: `UUID()` on
  /// Linux opens, reads and closes `/dev/urandom` each time, 131,080 times a PA-15 run.
  private static func randomID(_ generator: inout SplitMix64) -> UUID {
    let (high, low) = (generator.next(), generator.next())
    var bytes = withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { Array($0) }
    bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
    bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
        bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  /// PA-15: more than 65,536 pending actions, each a microsecond after the one before, listed exactly and in order;
  /// the last one's answer removes it.
  static func verifyPendingLikes(_ sut: any PendingLikeActionStore, _ sourceLocation: SourceLocation) async throws {
    let start = AdversarialValues.rebaseChangedSample
    var ids = SplitMix64(seed: .random(in: 0...UInt64.max))
    let actions = (0..<count).map {
      PendingLikeAction(
        id: randomID(&ids), imageID: randomID(&ids), kind: $0.isMultiple(of: 3) ? .discard : .like,
        timestamp: Date(timeIntervalSinceReferenceDate: start + Double($0) / 1_000_000))
    }
    for action in actions.reversed() { try await sut.enqueue(action) }
    guard try await expectPending(sut, actions, "\(count) actions stored newest first", sourceLocation),
      let last = actions.last
    else { return }
    guard try await sut.removeIfPending(last) else {
      Issue.record("the answer to action \(count): removeIfPending returned false", sourceLocation: sourceLocation)
      return
    }
    try await expectPending(sut, actions.dropLast(), "after the last of \(count) actions was answered", sourceLocation)
  }
}
