import Benchmark
import BenchmarkTwins
import EssentialFeedCache
import Foundation

/// File-system image caches of 100 and 100,000 entries of 100 bytes, built once per benchmark process.
enum FileSystemImageCacheFixture {
  static func directory(entries count: Int) async throws -> URL {
    try await (count == 100 ? small : large).value
  }

  private static let small = Task { try await build(entries: 100) }
  private static let large = Task { try await build(entries: 100_000) }

  private static func build(entries count: Int) async throws -> URL {
    let directory = Payloads.temporaryDirectory("fs-image-cache-\(count)")
    let store = FileSystemFeedStore(directory: directory, imageLimits: ImageCacheFixture.limits)
    let data = Data(repeating: 7, count: 100)
    for index in 0..<count { try await store.insert(data, for: ImageCacheFixture.url(index)) }
    return directory
  }
}

func fileSystemImageCacheBenchmarks() {
  lookupAndColdOpenPairs(named: " (file system)", location: FileSystemImageCacheFixture.directory(entries:)) {
    FileSystemFeedStore(directory: $0, imageLimits: ImageCacheFixture.limits)
  }

  // MARK: Loading the index of 100,000 entries, as the first insert or size query does: a one-time cost, reported.

  Benchmark("Image index load at 100000 (file system).ours") { benchmark in
    let directory = try await FileSystemImageCacheFixture.directory(entries: 100_000)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let store = FileSystemFeedStore(directory: directory, imageLimits: ImageCacheFixture.limits)
      blackHole(try await store.storedImageDataSize())
    }
  }

  // MARK: Insert of 32 KB into a full cache (each insert evicts), against a raw atomic write of the same bytes.

  let image = Data(repeating: 3, count: 32 * 1_024)
  Benchmark("Image cache insert with eviction (file system).ours") { benchmark in
    let directory = Payloads.temporaryDirectory("fs-image-cache-evicting")
    let store = FileSystemFeedStore(directory: directory, imageLimits: ImageCacheLimits(maximumBytes: 40 * 32 * 1_024))
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
  Benchmark("Image cache insert with eviction (file system).raw") { benchmark in
    try rawAtomicWrites(of: image, benchmark)
  }
}

/// The raw twin of an insert, `RawAtomicWrites`, timed.
func rawAtomicWrites(of image: Data, _ benchmark: Benchmark) throws {
  let directory = Payloads.temporaryDirectory("image-cache-raw-writes")
  let raw = RawAtomicWrites(directory: directory)
  var next = 0
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    try raw.write(image, number: next)
    next += 1
  }
  benchmark.stopMeasurement()
  try? FileManager.default.removeItem(at: directory)
}
