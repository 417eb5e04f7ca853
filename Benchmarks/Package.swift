// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in their own package so the root package stays dependency-free for its users.
// Run them with `scripts/bench` from the repository root.
let package = Package(
  name: "EssentialFeedBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "EssentialFeed", path: "..", traits: []),
    .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1", traits: ["MallocInterposer"]),
    // The peer users pick for SQLite in Swift: the GRDB pairs compare our SQLite store with it. Benchmarks only.
    .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
  ],
  targets: [
    // The raw SQLite baseline talks to the system library directly, as the store does.
    .systemLibrary(name: "RawSQLite", path: "Benchmarks/RawSQLite", pkgConfig: "sqlite3"),
    // The payloads and the raw twins, shared by the wall-clock suite and the instruction counts.
    .target(
      name: "BenchmarkTwins",
      dependencies: [
        .product(name: "EssentialFeed", package: "EssentialFeed"),
        .product(name: "EssentialFeedAPI", package: "EssentialFeed"),
        .product(name: "EssentialFeedCache", package: "EssentialFeed"), "RawSQLite",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Benchmarks/BenchmarkTwins"
    ),
    .executableTarget(
      name: "FeedBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "EssentialFeed", package: "EssentialFeed"),
        .product(name: "EssentialFeedAPI", package: "EssentialFeed"),
        .product(name: "EssentialFeedCache", package: "EssentialFeed"),
        .product(name: "EssentialFeedSQLite", package: "EssentialFeed"),
        "BenchmarkTwins",
      ],
      path: "Benchmarks/FeedBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Turns callgrind's counting on and off around each side's work (valgrind's client requests; no-ops outside it).
    .target(name: "CallgrindControl", path: "Benchmarks/CallgrindControl"),
    // Both sides of one pair at one size per run, for instruction counts under callgrind (`scripts/bench --check`).
    .executableTarget(
      name: "InstructionCounts",
      dependencies: [
        "CallgrindControl",
        .product(name: "EssentialFeed", package: "EssentialFeed"),
        .product(name: "EssentialFeedAPI", package: "EssentialFeed"),
        .product(name: "EssentialFeedCache", package: "EssentialFeed"),
        .product(name: "EssentialFeedSQLite", package: "EssentialFeed"),
        "BenchmarkTwins",
      ],
      path: "Benchmarks/InstructionCounts"
    ),
  ]
)
