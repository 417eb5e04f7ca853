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
  // The default trait builds the `feed` app and the tests, which need the two packages below. An app that uses only
  // the libraries depends with `traits: []`, and then resolves and builds no third-party package at all.
  traits: [
    .trait(name: "FeedApp", description: "The `feed` app and the tests: FlyingFox and swift-argument-parser."),
    .default(enabledTraits: ["FeedApp"]),
  ],
  dependencies: [
    // For the tests and the `feed` app only (the `FeedApp` trait): a real HTTP server on loopback, the command line.
    .package(url: "https://github.com/swhitty/FlyingFox.git", exact: "0.27.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
  ],
  targets: [
    .target(name: "EssentialFeed", resources: [.process("Resources")], swiftSettings: strictSettings),
    .target(name: "EssentialFeedAPI", dependencies: ["EssentialFeed"], swiftSettings: strictSettings),
    // CRC-32C with the processor's instruction, for the file-system store's image files (C: Swift has no intrinsic).
    .target(name: "CCRC32C"),
    .target(name: "EssentialFeedCache", dependencies: ["EssentialFeed", "CCRC32C"], swiftSettings: strictSettings),
    // SQLite from the system: pkg-config `sqlite3` on Linux (libsqlite3-dev), the SDK's on Apple platforms.
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .target(
      name: "EssentialFeedSQLite", dependencies: ["EssentialFeedCache", "CSQLite", "CCRC32C"],
      swiftSettings: strictSettings
    ),
    // Pictures for the app and its demo server: libjpeg-turbo (its libjpeg API, through a C shim that keeps libjpeg's
    // longjmp inside C) and libpng (decoded through a C shim too, writing through its simplified API), from the system
    // with pkg-config. Not a product.
    .systemLibrary(
      name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    .target(name: "CImageCodecs", dependencies: ["CJPEG", "CPNG"]),
    .target(name: "FeedImages", dependencies: ["CImageCodecs", "CJPEG", "CPNG"], swiftSettings: strictSettings),
    // The reusable store specs: imports Testing (from the toolchain) so any store can run them from a @Test.
    .target(name: "EssentialFeedSpecs", dependencies: ["EssentialFeedCache"], swiftSettings: strictSettings),
    // The composition root: the `feed` app, its embedded demo server, and the wiring tests can reach.
    .target(
      name: "FeedDemoServer",
      dependencies: [
        "FeedImages", .product(name: "FlyingFox", package: "FlyingFox", condition: .when(traits: ["FeedApp"])),
      ],
      swiftSettings: strictSettings
    ),
    // The terminal under `feed browse`: raw mode, keys, signals, and the screen as a grid of cells. Not a product.
    .target(name: "FeedTerminal", dependencies: ["FeedImages"], swiftSettings: strictSettings),
    .target(
      name: "FeedCLI",
      dependencies: [
        "EssentialFeed", "EssentialFeedAPI", "EssentialFeedCache", "EssentialFeedSQLite", "FeedDemoServer",
        "FeedImages", "FeedTerminal",
        .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["FeedApp"])),
      ],
      resources: [.process("Resources")],
      swiftSettings: strictSettings
    ),
    .executableTarget(name: "feed", dependencies: ["FeedCLI"], swiftSettings: strictSettings),
    // Test support: the shipped stores described once, temporary directories, and the crash-consistency test's child process and the feeds it writes.
    .target(
      name: "TestSupport",
      dependencies: ["EssentialFeed", "EssentialFeedCache", "EssentialFeedSQLite", "EssentialFeedSpecs"],
      path: "Tests/Support/TestSupport",
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
        "TestSupport", "FeedImages", "CCRC32C",
      ],
      path: "Tests/Specs",
      // Database files the released stores wrote, for the upgrade specs.
      resources: [.copy("Feed Cache Stores/Fixtures")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "Integration",
      dependencies: [
        "EssentialFeed", "EssentialFeedAPI", "EssentialFeedCache", "EssentialFeedSpecs", "EssentialFeedSQLite",
        "TestSupport", "StoreCrashWriter", "FeedDemoServer", "FeedCLI", "FeedImages", "FeedTerminal", "feed",
        .product(name: "FlyingFox", package: "FlyingFox", condition: .when(traits: ["FeedApp"])),
        .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["FeedApp"])),
      ],
      path: "Tests/Integration",
      swiftSettings: strictSettings
    ),
  ]
)

// `ESSENTIALFEED_SPECS_ONLY=1` (CI's ThreadSanitizer step, which runs the specs alone): the libraries and their specs
// without the app, its terminal and demo server and the integration tests, which that step would otherwise compile
// and instrument without running them.
// The spec suites' self-tests (`Tests/Specs/Spec Suite`: every `SpecSuite…` suite and the broken stores they run),
// which that step skips, are left out of its build too: a quarter of the specs' code, instrumented for nothing.
if Context.environment["ESSENTIALFEED_SPECS_ONLY"] == "1" {
  let app: Set<String> = ["FeedDemoServer", "FeedTerminal", "FeedCLI", "feed", "Integration"]
  package.targets.removeAll { app.contains($0.name) }
  package.products.removeAll { $0.name == "feed" }
  package.targets.first { $0.name == "Specs" }?.exclude.append("Spec Suite")
}
