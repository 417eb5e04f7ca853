// swift-tools-version: 6.1
import PackageDescription

/// Settings every target of ours shares: Swift 6 language mode (the tools-version default) with complete strict
/// concurrency checking, plus `any` spelled out for existentials.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "EssentialFeed",
  // `Mutex` from Synchronization needs these releases on Apple platforms; Linux has it with the toolchain.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "EssentialFeed", targets: ["EssentialFeed"]),
    .library(name: "EssentialFeedAPI", targets: ["EssentialFeedAPI"]),
    .library(name: "EssentialFeedCache", targets: ["EssentialFeedCache"]),
    .library(name: "EssentialFeedSpecs", targets: ["EssentialFeedSpecs"]),
  ],
  dependencies: [
    // Test-only: a real HTTP server on loopback. No library product depends on it.
    .package(url: "https://github.com/swhitty/FlyingFox.git", exact: "0.27.1")
  ],
  targets: [
    .target(name: "EssentialFeed", swiftSettings: strictSettings),
    .target(name: "EssentialFeedAPI", dependencies: ["EssentialFeed"], swiftSettings: strictSettings),
    .target(name: "EssentialFeedCache", dependencies: ["EssentialFeed"], swiftSettings: strictSettings),
    // The reusable store specs: imports Testing (from the toolchain) so any store can run them from a @Test.
    .target(name: "EssentialFeedSpecs", dependencies: ["EssentialFeedCache"], swiftSettings: strictSettings),
    // Test support: the child process of the crash-consistency test, and the feeds it writes.
    .target(
      name: "StoreCrashSupport", dependencies: ["EssentialFeed"], path: "Tests/Support/StoreCrashSupport",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "StoreCrashWriter",
      dependencies: ["EssentialFeed", "EssentialFeedCache", "StoreCrashSupport"],
      path: "Tests/Support/StoreCrashWriter",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "Specs",
      dependencies: ["EssentialFeed", "EssentialFeedAPI", "EssentialFeedCache", "EssentialFeedSpecs"],
      path: "Tests/Specs",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "Integration",
      dependencies: [
        "EssentialFeed", "EssentialFeedAPI", "EssentialFeedCache", "EssentialFeedSpecs",
        "StoreCrashSupport", "StoreCrashWriter",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ],
      path: "Tests/Integration",
      swiftSettings: strictSettings
    ),
  ]
)
