import EssentialFeedSpecs
import Foundation
import TestSupport

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

  /// The shipped stores that forward each capability to a store of its own: the file-system and SQLite stores,
  /// whose capability stores run every spec, count boundaries and concurrency included, in FSB-1 and SQL-16.
  static let forwardingStores: Set<ShippedStore> = [.fileSystem, .sqlite, .sqliteInMemory]

  /// Every store of `kinds` with every spec of `specs`, except those of `forwarded` on a store that forwards them
  /// (``forwardingStores``): a count boundary (the count is the capability store's, and it ran 65,540 items through
  /// the same code three more times) and a concurrency spec (a forwarding store calls its capability store on that
  /// store's own executor and keeps no state, so a round's history is the capability store's; its hundreds of rounds,
  /// a fifth of the suite's store specs, checked the same code again). Every other spec runs on every store.
  static func matrix<Spec: Equatable & Sendable>(
    _ kinds: [ShippedStore], _ specs: [Spec], forwarded: [Spec]
  ) -> [(ShippedStore, Spec)] {
    kinds.flatMap { kind in
      specs.filter { !forwarded.contains($0) || !forwardingStores.contains(kind) }.map { (kind, $0) }
    }
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
