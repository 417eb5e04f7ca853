import BenchmarkTwins
import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A pair: the package's way of doing some work, and a raw twin doing the same essential work by hand.
struct Pair: Sendable {
  /// The two sides of the work, over the same data and (where there is one) an opened store.
  struct Sides {
    var ours: () async throws -> Void
    var raw: () async throws -> Void
  }

  let name: String
  /// The instruction ratio (ours / raw) the pair is designed to stay within.
  let goal: Double
  /// The ratio `scripts/bench --check` fails past: the goal, or, for a pair whose goal is not met, its measured ratio
  /// (the highest of the runs measured, rounded up to two decimals), whose bound the README explains with a profile;
  /// the baseline's 3 % guards against regressions either way (more for a pair whose runs spread more: its
  /// `tolerance` in baseline.json).
  let limit: Double
  /// The sizes measured: 1×, 10×, 100× (the scaling rows).
  let sizes: [Int]
  /// Builds the data and stores for `size` items, outside the measured work.
  let prepare: @Sendable (Int) async throws -> Sides

  init(
    name: String, goal: Double, limit: Double? = nil, sizes: [Int],
    prepare: @escaping @Sendable (Int) async throws -> Sides
  ) {
    self.name = name
    self.goal = goal
    self.limit = limit ?? goal
    self.sizes = sizes
    self.prepare = prepare
  }

  /// Every pair, in the order of the README's table.
  static let all: [Pair] = [
    mapping, decodableMapping, commentsMapping, paging,
    inMemoryRoundTrip, codableRoundTrip, fileSystemRoundTrip, sqliteRoundTrip, fallbackComposite, cacheDecorator,
    searchCache, sqliteSearchCache,
    pendingLikes, sqlitePendingLikes, fileSystemPendingLikes, likesOverlay,
    limitedImageCache, sqliteImageInsert, fileSystemImageInsert,
    windowPageReads, sqliteWindowPageReads,
    grdbRoundTrip, grdbPageReads, grdbPendingLikes,
  ]
}

/// A fresh directory for one run's files: under `INSTRUCTION_COUNTS_SCRATCH` when the driver gives one (it removes
/// it after the run, so no removal is counted), else in /dev/shm where there is one, removed when the process ends.
func scratch(_ name: String) -> URL {
  if let root = ProcessInfo.processInfo.environment["INSTRUCTION_COUNTS_SCRATCH"] {
    let directory = URL(fileURLWithPath: root).appending(path: "\(name)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }
  let directory = Payloads.temporaryDirectory("instructions-\(name)")
  Scratch.directories.withLock { $0.append(directory) }
  return directory
}

/// The scratch directories this process made itself, to remove at its end.
enum Scratch {
  static let directories = Mutex<[URL]>([])

  static func removeAll() {
    for directory in directories.withLock({ $0 }) { try? FileManager.default.removeItem(at: directory) }
  }
}

/// Keeps a result from being optimized away.
@inline(never) func keep<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
