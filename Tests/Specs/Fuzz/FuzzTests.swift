import EssentialFeed
import EssentialFeedAPI
import EssentialFeedSQLite
import FeedImages
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import EssentialFeedCache

extension Tag {
  /// The fuzz harness: `scripts/fuzz [ITERATIONS]` runs it alone, with any number of inputs.
  @Tag static var fuzz: Self
}

/// Mutated inputs to every decoder of the package: none may crash, hang (over a minute; slow inputs are reported, not failed), or accept what the rules reject.
///
/// `ESSENTIALFEED_FUZZ_ITERATIONS` sets the inputs per decoder (default 2,000, a developer's `swift test`; CI and
/// `scripts/fuzz` run 20,000; the stores' file-based targets run a twentieth), `ESSENTIALFEED_FUZZ_SEED` replays a
/// run, and `ESSENTIALFEED_FUZZ_ARTIFACTS` names a directory where each input is written before it runs, so
/// `scripts/fuzz` can keep the one that crashed the process.
@Suite("Fuzz", .tags(.fuzz))
struct FuzzTests {
  static let environment = ProcessInfo.processInfo.environment
  static let iterations = environment["ESSENTIALFEED_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 2_000
  static let seed = environment["ESSENTIALFEED_FUZZ_SEED"].flatMap { UInt64($0) } ?? .random(in: 0...UInt64.max)

  @Test("FZ-1 the feed mapper never crashes or hangs, and accepts only payloads that follow RFL-1…RFL-10")
  func feedMapper() async throws {
    let seeds = FuzzSeeds.feedPayloads()
    try await fuzz("feed-mapper", seeds: seeds) { input in
      let data = Data(input)
      guard let images = try? FeedItemsMapper.map(data, from: FuzzSeeds.ok) else { return nil }
      return FuzzSeeds.violation(ofFeedRules: data, mapped: images)
    }
  }

  @Test("FZ-2 the file-system store's feed decoder never crashes, and what it accepts re-encodes to the same bytes")
  func feedFileDecoder() async throws {
    let seeds = [FeedFileFormat.encode(FuzzFixtures.feed(), timestamp: Date(timeIntervalSinceReferenceDate: 1.5))]
    try await fuzz("feed-file", seeds: seeds) { input in
      guard let cache = try? FeedFileFormat.decode(Data(input)) else { return nil }
      return FeedFileFormat.encode(cache.feed, timestamp: cache.timestamp) == input
        ? nil : "accepted a non-canonical file"
    }
  }

  @Test(
    "FZ-3 the image file decoder never crashes, and what it accepts re-encodes to the same bytes (a version 2 file to the same contents)"
  )
  func imageFileDecoder() async throws {
    let stored = Date()
    let seeds = [
      Array(ImageFileFormat.encode(Data("image bytes".utf8), key: "https://a.com/image.jpg", stored: stored)),
      Array(
        ImageFileFormatSpecs.version2File(Data("image bytes".utf8), key: "https://a.com/image.jpg", stored: stored)),
    ]
    try await fuzz("image-file", seeds: seeds) { input in
      guard let stored = try? ImageFileFormat.decode(Data(input)) else { return nil }
      let file = ImageFileFormat.encode(stored.data, key: stored.key, stored: stored.stored)
      if input[4] == 2 {
        let again = try? ImageFileFormat.decode(file)
        return again?.data == stored.data && again?.key == stored.key && again?.stored == stored.stored
          ? nil : "a version 2 file re-encoded to other contents"
      }
      return Array(file) == input ? nil : "accepted a non-canonical file"
    }
  }

  @Test("FZ-5 the image index decoder never crashes, and what it accepts re-encodes to the same bytes")
  func imageIndexDecoder() async throws {
    let digest = SHA256("https://a.com/image.jpg")
    let records: [ImageIndexJournal.Record] = [
      .dirty(digest), .clean(digest, size: 1_234, stored: Date()), .read(digest), .removed(digest),
    ]
    let seeds = [ImageIndexJournal.header() + ImageIndexJournal.encode(records)]
    try await fuzz("image-index", seeds: seeds) { input in
      guard let records = try? ImageIndexJournal.decode(Data(input)) else { return nil }
      return ImageIndexJournal.header() + ImageIndexJournal.encode(records) == input
        ? nil : "accepted a non-canonical index"
    }
  }

  @Test("FZ-6 the JPEG decoder (libjpeg-turbo) never crashes or hangs; what it accepts is within the limits")
  func jpegDecoder() async throws {
    let seeds = try FuzzPictures.seeds.map { Array(try JPEG.encode($0, quality: 80)) }
    let decoded = Mutex(0)
    try await fuzz("jpeg", seeds: seeds) { input in
      guard let picture = try? Picture(decoding: Data(input), fitting: (10, 6)) else { return nil }
      decoded.withLock { $0 += 1 }
      return FuzzPictures.violation(picture) ?? FuzzPictures.violation(scaled: picture, of: Data(input))
    }
    print("fuzz jpeg: \(decoded.withLock { $0 }) of \(Self.iterations) mutated files decoded, the others refused")
  }

  @Test("FZ-7 the PNG decoder (libpng) never crashes or hangs; what it accepts is within the limits")
  func pngDecoder() async throws {
    let seeds = try FuzzPictures.seeds.map { Array(try PNG.encode($0)) }
    let decoded = Mutex(0)
    try await fuzz("png", seeds: seeds) { input in
      guard let picture = try? Picture(decoding: Data(input)) else { return nil }
      decoded.withLock { $0 += 1 }
      return FuzzPictures.violation(picture) ?? FuzzPictures.violation(again: picture, of: Data(input))
    }
    print("fuzz png: \(decoded.withLock { $0 }) of \(Self.iterations) mutated files decoded, the others refused")
  }

  @Test(
    "FZ-4 the codable, file-system and SQLite stores never crash on a mutated cache file: an error or a cache",
    arguments: ShippedStore.persistent)
  func storeFiles(kind: ShippedStore) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      // The seed's writer is gone before the loop: a connection left open on a file rewritten behind SQLite's back
      // waits out its busy timeout, which no app launch on a damaged file meets.
      try await kind.makeStore(in: directory).insert(
        FuzzFixtures.feed(), timestamp: Date(timeIntervalSinceReferenceDate: 1.5))
      let file = kind.feedFile(in: directory)
      let seed = try Array(Data(contentsOf: file))
      try await fuzzAsync("store-\(kind.rawValue)", seeds: [seed], scale: 20) { input in
        try Data(input).write(to: file)
        _ = try? await kind.makeStore(in: directory).retrieve()
        return nil
      }
    }
  }

  // MARK: - Harness

  private static func timed(_ body: () throws -> String?) rethrows -> (String?, Duration) {
    let start = ContinuousClock.now
    let result = try body()
    return (result, ContinuousClock.now - start)
  }

  /// Runs `check` on `iterations` mutations of `seeds`; `check` returns a rule the input broke, or `nil`.
  /// Runs at background priority and yields every 500 inputs: a long synchronous loop would hold a thread of the
  /// cooperative pool, which has only two on this machine, for seconds, and starve the suites serving HTTP.
  private func fuzz(
    _ name: String, seeds: [[UInt8]], check: @escaping @Sendable ([UInt8]) throws -> String?
  ) async throws {
    let (seed, iterations) = (Self.seed, Self.iterations)
    try await inBackground {
      var mutator = Mutator(seed: seed)
      var report = FuzzReport(name: name, seed: seed)
      defer { report.print() }
      for index in 0..<iterations {
        if index % 500 == 0 { await Task.yield() }
        let input = mutator.mutate(seeds[mutator.int(0..<seeds.count)])
        report.save(input)
        let (broken, duration) = try Self.timed { try check(input) }
        report.record(input, broken: broken, duration: duration)
      }
    }
  }

  /// As `fuzz`, for checks that await (store operations): their awaits yield the pool between inputs, and at
  /// background priority the hops back would wait long enough on a busy machine to look like hangs.
  private func fuzzAsync(
    _ name: String, seeds: [[UInt8]], scale: Int, check: ([UInt8]) async throws -> String?
  ) async throws {
    var mutator = Mutator(seed: Self.seed)
    var report = FuzzReport(name: name, seed: Self.seed)
    defer { report.print() }
    for _ in 0..<max(1, Self.iterations / scale) {
      let input = mutator.mutate(seeds[mutator.int(0..<seeds.count)])
      report.save(input)
      let start = ContinuousClock.now
      let broken = try await check(input)
      report.record(input, broken: broken, duration: ContinuousClock.now - start)
    }
  }
}
