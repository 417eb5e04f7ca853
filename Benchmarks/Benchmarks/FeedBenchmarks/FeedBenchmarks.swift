import Benchmark
import BenchmarkTwins
import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

// Each benchmark `X.ours` has a raw twin `X.raw` doing the same essential work without EssentialFeed, measured in
// the same run; scripts/bench prints their p50 ratio.

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 2,
    scalingFactor: .one,
    maxDuration: .seconds(2),
    maxIterations: 2_000
  )

  // MARK: Remote mapping, and its scaling

  for count in [1_000, 10_000, 100_000] {
    let json = Payloads.json(count)
    Benchmark("Mapping \(count).ours") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try FeedItemsMapper.map(json, from: Payloads.ok)) }
    }
    Benchmark("Mapping \(count).raw") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try Raw.map(json)) }
    }
  }

  // MARK: Cache round trips: save then load

  for count in [1_000, 10_000, 100_000] {
    let feed = Payloads.images(count)
    let plain = feed.map(PlainImage.init)
    Benchmark("Codable round trip \(count).ours") { benchmark in
      let directory = Payloads.temporaryDirectory("codable")
      let loader = LocalFeedLoader(
        store: CodableFeedStore(storeURL: directory.appending(path: "feed.json")), currentDate: Date.init)
      for _ in benchmark.scaledIterations {
        try await loader.save(feed)
        blackHole(try await loader.load())
      }
      try? FileManager.default.removeItem(at: directory)
    }
    Benchmark("Codable round trip \(count).raw") { benchmark in
      let directory = Payloads.temporaryDirectory("raw-json")
      for _ in benchmark.scaledIterations {
        blackHole(try Raw.jsonRoundTrip(plain, at: directory.appending(path: "feed.json")))
      }
      try? FileManager.default.removeItem(at: directory)
    }
  }

  let feed = Payloads.images(10_000)
  let plain = feed.map(PlainImage.init)

  Benchmark("FileSystem round trip 10000.ours") { benchmark in
    let directory = Payloads.temporaryDirectory("filesystem")
    let loader = LocalFeedLoader(store: FileSystemFeedStore(directory: directory), currentDate: Date.init)
    for _ in benchmark.scaledIterations {
      try await loader.save(feed)
      blackHole(try await loader.load())
    }
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("FileSystem round trip 10000.raw") { benchmark in
    let directory = Payloads.temporaryDirectory("raw-json-fs")
    for _ in benchmark.scaledIterations {
      blackHole(try Raw.jsonRoundTrip(plain, at: directory.appending(path: "feed.json")))
    }
    try? FileManager.default.removeItem(at: directory)
  }

  Benchmark("SQLite round trip 10000.ours") { benchmark in
    let directory = Payloads.temporaryDirectory("sqlite")
    let loader = LocalFeedLoader(
      store: SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite")), currentDate: Date.init)
    for _ in benchmark.scaledIterations {
      try await loader.save(feed)
      blackHole(try await loader.load())
    }
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("SQLite round trip 10000.raw") { benchmark in
    let directory = Payloads.temporaryDirectory("raw-sqlite")
    let baseline = RawSQLiteBaseline(path: directory.appending(path: "feed.sqlite").path(percentEncoded: false))
    for _ in benchmark.scaledIterations { blackHole(baseline.roundTrip(plain)) }
    try? FileManager.default.removeItem(at: directory)
  }

  Benchmark("InMemory round trip 10000.ours") { benchmark in
    let loader = LocalFeedLoader(store: InMemoryFeedStore(), currentDate: Date.init)
    for _ in benchmark.scaledIterations {
      try await loader.save(feed)
      blackHole(try await loader.load())
    }
  }
  Benchmark("InMemory round trip 10000.raw") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(Raw.memoryRoundTrip(feed)) }
  }

  // MARK: Image data

  let blobs = (0..<1_000).map { Payloads.blob(32 * 1_024, seed: $0) }
  let blobURLs = (0..<1_000).map {
    URL(string: "https://images.example.com/blob/\($0).jpg") ?? URL(fileURLWithPath: "/")
  }
  Benchmark("Image insert 1000x32KB.ours", configuration: .init(maxIterations: 10)) { benchmark in
    for _ in benchmark.scaledIterations {
      let directory = Payloads.temporaryDirectory("images")
      let store = FileSystemFeedStore(directory: directory)
      benchmark.startMeasurement()
      for (data, url) in zip(blobs, blobURLs) { try await store.insert(data, for: url) }
      benchmark.stopMeasurement()
      try? FileManager.default.removeItem(at: directory)
    }
  }
  Benchmark("Image insert 1000x32KB.raw", configuration: .init(maxIterations: 10)) { benchmark in
    for _ in benchmark.scaledIterations {
      let directory = Payloads.temporaryDirectory("raw-images")
      benchmark.startMeasurement()
      for (index, data) in blobs.enumerated() {
        try data.write(to: directory.appending(path: "\(index).image"), options: .atomic)
      }
      benchmark.stopMeasurement()
      try? FileManager.default.removeItem(at: directory)
    }
  }

  for stored in [100, 10_000] {
    // Each sample stores `stored` images, then times 1,000 lookups spread over all of them.
    Benchmark("Image retrieve at \(stored).ours", configuration: .init(maxIterations: 5)) { benchmark in
      let directory = Payloads.temporaryDirectory("retrieve")
      let store = FileSystemFeedStore(directory: directory)
      let blob = Payloads.blob(32 * 1_024, seed: 7)
      let urls = (0..<stored).map {
        URL(string: "https://images.example.com/stored/\($0).jpg") ?? URL(fileURLWithPath: "/")
      }
      for url in urls { try await store.insert(blob, for: url) }
      var index = 0
      benchmark.startMeasurement()
      for _ in 0..<1_000 {
        blackHole(try await store.retrieve(dataForURL: urls[index % stored]))
        index &+= 7_919
      }
      benchmark.stopMeasurement()
      try? FileManager.default.removeItem(at: directory)
    }
  }

  // MARK: Composition overhead, over a realistic inner loader

  let innerStore = InMemoryFeedStore()
  let inner = LocalFeedLoader(store: innerStore, currentDate: Date.init)
  Benchmark("Fallback composite 10000.ours") { benchmark in
    try await inner.save(feed)
    let composite = FeedLoaderWithFallbackComposite(primary: inner, fallback: inner)
    for _ in benchmark.scaledIterations { blackHole(try await composite.load()) }
  }
  Benchmark("Fallback composite 10000.raw") { benchmark in
    try await inner.save(feed)
    for _ in benchmark.scaledIterations { blackHole(try await inner.load()) }
  }
  Benchmark("Cache decorator 10000.ours") { benchmark in
    try await inner.save(feed)
    let decorator = FeedLoaderCacheDecorator(decoratee: inner, cache: NoOpCache())
    for _ in benchmark.scaledIterations { blackHole(try await decorator.load()) }
  }
  Benchmark("Cache decorator 10000.raw") { benchmark in
    try await inner.save(feed)
    for _ in benchmark.scaledIterations { blackHole(try await inner.load()) }
  }

  pagingBenchmarks()
  windowBenchmarks()
  imageCacheBenchmarks()
  fileSystemImageCacheBenchmarks()
  grdbBenchmarks()
  likesBenchmarks()
}
