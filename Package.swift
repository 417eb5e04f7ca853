// swift-tools-version: 6.1
import PackageDescription

/// Settings every target of ours shares: Swift 6 language mode (the tools-version default) with complete strict
/// concurrency checking, plus `any` spelled out for existentials.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "EssentialFeed",
  defaultLocalization: "en",
  // `Mutex` from Synchronization needs these releases on Apple platforms; Linux has it with the toolchain.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "EssentialFeed", targets: ["EssentialFeed"]),
    .library(name: "EssentialFeedAPI", targets: ["EssentialFeedAPI"]),
    .library(name: "EssentialFeedCache", targets: ["EssentialFeedCache"]),
    .library(name: "EssentialFeedSpecs", targets: ["EssentialFeedSpecs"]),
    .library(name: "EssentialFeedSQLite", targets: ["EssentialFeedSQLite"]),
    .executable(name: "feed", targets: ["feed"]),
  ],
  dependencies: [
    // For the tests and the `feed` app only: a real HTTP server on loopback, and the command line.
    // No library product depends on them, so apps that use the libraries never fetch them.
    .package(url: "https://github.com/swhitty/FlyingFox.git", exact: "0.27.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
  ],
  targets: [
    .target(name: "EssentialFeed", resources: [.process("Resources")], swiftSettings: strictSettings),
    .target(name: "EssentialFeedAPI", dependencies: ["EssentialFeed"], swiftSettings: strictSettings),
    .target(name: "EssentialFeedCache", dependencies: ["EssentialFeed"], swiftSettings: strictSettings),
    // SQLite from the system: pkg-config `sqlite3` on Linux (libsqlite3-dev), the SDK's on Apple platforms.
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .target(
      name: "EssentialFeedSQLite", dependencies: ["EssentialFeedCache", "CSQLite"], swiftSettings: strictSettings
    ),
    // The reusable store specs: imports Testing (from the toolchain) so any store can run them from a @Test.
    .target(name: "EssentialFeedSpecs", dependencies: ["EssentialFeedCache"], swiftSettings: strictSettings),
    // The composition root: the `feed` app, its embedded demo server, and the wiring tests can reach.
    .target(
      name: "FeedDemoServer", dependencies: [.product(name: "FlyingFox", package: "FlyingFox")],
      swiftSettings: strictSettings
    ),
    .target(
      name: "FeedCLI",
      dependencies: [
        "EssentialFeed", "EssentialFeedAPI", "EssentialFeedCache", "EssentialFeedSQLite", "FeedDemoServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings
    ),
    .executableTarget(name: "feed", dependencies: ["FeedCLI"], swiftSettings: strictSettings),
    // Test support: temporary directories, and the crash-consistency test's child process and the feeds it writes.
    .target(
      name: "TestSupport", dependencies: ["EssentialFeed", "EssentialFeedSpecs"], path: "Tests/Support/TestSupport",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "StoreCrashWriter",
      dependencies: ["EssentialFeed", "EssentialFeedCache", "EssentialFeedSQLite", "TestSupport"],
      path: "Tests/Support/StoreCrashWriter",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "Specs",
      dependencies: [
        "EssentialFeed", "EssentialFeedAPI", "EssentialFeedCache", "EssentialFeedSpecs", "EssentialFeedSQLite",
        "TestSupport",
      ],
      path: "Tests/Specs",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "Integration",
      dependencies: [
        "EssentialFeed", "EssentialFeedAPI", "EssentialFeedCache", "EssentialFeedSpecs", "EssentialFeedSQLite",
        "TestSupport", "StoreCrashWriter", "FeedDemoServer", "FeedCLI",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ],
      path: "Tests/Integration",
      swiftSettings: strictSettings
    ),
  ]
)
