// swift-tools-version: 6.1
import PackageDescription

// The picture pair of the benchmarks: the app's JPEG thumbnail (Sources/FeedImages and Sources/FeedTerminal, which
// the root package does not ship as products) against TurboJPEG called directly. A package of its own, with the
// app's sources through symlinks in Sources/: beside the root package, those module names would clash. TurboJPEG's
// headers (libturbojpeg0-dev) are needed here only; `.ci/run` installs them where missing.
let package = Package(
  name: "EssentialFeedPictureBenchmarks",
  platforms: [.macOS(.v15)],
  targets: [
    .systemLibrary(
      name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    .target(name: "CImageCodecs", dependencies: ["CJPEG", "CPNG"]),
    .target(name: "FeedImages", dependencies: ["CImageCodecs", "CJPEG", "CPNG"]),
    .target(name: "FeedTerminal", dependencies: ["FeedImages"]),
    .systemLibrary(
      name: "RawTurboJPEG", pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),
    // Counting on around each side's work only (valgrind's client requests), shared with Benchmarks/ by a symlink.
    .target(name: "CallgrindControl"),
    .executableTarget(
      name: "PictureCounts", dependencies: ["CallgrindControl", "FeedImages", "FeedTerminal", "RawTurboJPEG"]),
  ]
)
