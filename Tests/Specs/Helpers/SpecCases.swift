import EssentialFeedSpecs
import Foundation

/// The spec cases the shipped stores' suites run: every case, or, with `ESSENTIALFEED_SKIP_COUNT_BOUNDARIES=1`, all but
/// the count boundaries (more than 65,536 items: FS-13, FPS's list past 16 bits, SRS-12, PA-15), which check the width
/// of a store's counts and offsets, not its concurrency. CI's ThreadSanitizer step sets it, where those four were the
/// longest part of its run; the `swift test` beside it runs them on every store.
enum SpecCases {
  static let skipsCountBoundaries = ProcessInfo.processInfo.environment["ESSENTIALFEED_SKIP_COUNT_BOUNDARIES"] == "1"

  /// `all`, without `boundary` when the run skips the count boundaries.
  static func run<Spec: Equatable>(_ all: [Spec], boundary: Spec) -> [Spec] {
    skipsCountBoundaries ? all.filter { $0 != boundary } : all
  }
}

extension FeedStoreSpec {
  /// The cases this run checks (``SpecCases``).
  static var casesThisRun: [Self] { SpecCases.run(allCases, boundary: .largeFeedRoundTrips) }
}

extension FeedSearchStoreSpec {
  /// The cases this run checks (``SpecCases``).
  static var casesThisRun: [Self] { SpecCases.run(allCases, boundary: .resultsPastSixteenBits) }
}

extension FeedPageStoreSpec {
  /// The cases this run checks (``SpecCases``).
  static var casesThisRun: [Self] { SpecCases.run(allCases, boundary: .listPastSixteenBits) }
}

extension PendingLikeActionStoreSpec {
  /// The cases this run checks (``SpecCases``).
  static var casesThisRun: [Self] { SpecCases.run(allCases, boundary: .actionsPastSixteenBits) }
}
