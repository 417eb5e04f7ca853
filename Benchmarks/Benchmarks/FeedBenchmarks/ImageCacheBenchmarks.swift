import Benchmark
import BenchmarkTwins
import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

/// SQLite image caches of 100 and 100,000 entries of 100 bytes, built once per benchmark process that needs them.
enum ImageCacheFixture {
  static let limits = ImageCacheLimits(maximumBytes: 1 << 30, maximumAge: 1e9)

  static func url(_ index: Int) -> URL {
    URL(string: "https://images.example.com/cache/\(index).png") ?? URL(fileURLWithPath: "/")
  }

  /// The database file of a cache of `count` entries.
  static func file(entries count: Int) async throws -> URL {
    try await (count == 100 ? small : large).value
  }

  private static let small = Task { try await build(entries: 100) }
  private static let large = Task { try await build(entries: 100_000) }

  private static func build(entries count: Int) async throws -> URL {
    let file = Payloads.temporaryDirectory("image-cache-\(count)").appending(path: "images.sqlite")
    let store = SQLiteFeedStore(storeURL: file, imageLimits: limits)
    let data = Data(repeating: 7, count: 100)
    for index in 0..<count { try await store.insert(data, for: url(index)) }
    return file
  }
}

/// A load that takes about a millisecond, as a fast network would.
struct SlowLoader: FeedImageDataLoader {
  func loadImageData(from url: URL) async throws -> Data {
    try await Task.sleep(for: .milliseconds(1))
    return Data(count: 1_000)
  }
}

func imageCacheBenchmarks() {
  lookupAndColdOpenPairs(named: "", location: ImageCacheFixture.file(entries:)) {
    SQLiteFeedStore(storeURL: $0, imageLimits: ImageCacheFixture.limits)
  }

  // MARK: Insert of 32 KB into a full cache (each insert evicts), against a raw atomic write of the same bytes.

  let image = Data(repeating: 3, count: 32 * 1_024)
  Benchmark("Image cache insert with eviction (SQLite).ours") { benchmark in
    let directory = Payloads.temporaryDirectory("image-cache-evicting")
    let store = SQLiteFeedStore(
      storeURL: directory.appending(path: "images.sqlite"), imageLimits: ImageCacheLimits(maximumBytes: 1 << 20))
    for index in 0..<40 { try await store.insert(image, for: ImageCacheFixture.url(index)) }
    var next = 40
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      try await store.insert(image, for: ImageCacheFixture.url(next))
      next += 1
    }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("Image cache insert with eviction (SQLite).raw") { benchmark in
    try rawAtomicWrites(of: image, benchmark)
  }

  // MARK: Coalescing: 100 concurrent callers of one URL against one caller, over a 1 ms load (goal ≤ 1.5).

  for (side, callers) in [("ours", 100), ("raw", 1)] {
    Benchmark("Coalesced load 100 callers vs 1.\(side)") { benchmark in
      let loader = CoalescingFeedImageDataLoader(decorating: SlowLoader())
      let url = ImageCacheFixture.url(0)
      for _ in benchmark.scaledIterations {
        try await withThrowingTaskGroup(of: Data.self) { group in
          for _ in 0..<callers { group.addTask { try await loader.loadImageData(from: url) } }
          for try await data in group { blackHole(data) }
        }
      }
    }
  }
}

/// The lookup and cold open pairs of one store kind, `name` telling them apart.
///
/// - Lookup: one retrieve at 100,000 entries against the same at 100 entries (goal ≤ 1.5).
/// - Cold open: a new store's first lookup at 100,000 entries against the same at 100 (goal ≤ 2, under 50 ms).
func lookupAndColdOpenPairs(
  named name: String, location: @escaping @Sendable (Int) async throws -> URL,
  make: @escaping @Sendable (URL) -> any FeedImageDataStore
) {
  for (side, count) in [("ours", 100_000), ("raw", 100)] {
    Benchmark("Image cache lookup 100000 vs 100\(name).\(side)") { benchmark in
      let store = make(try await location(count))
      var next = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(try await store.retrieve(dataForURL: ImageCacheFixture.url(next % 100)))
        next += 37
      }
    }
    Benchmark("Image cache cold open 100000 vs 100\(name).\(side)") { benchmark in
      let url = try await location(count)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(try await make(url).retrieve(dataForURL: ImageCacheFixture.url(1)))
      }
    }
  }
}
