import Benchmark
import BenchmarkTwins
import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

/// A SQLite page store holding `count` images, built once per run in a temporary directory (1,000,000 images take
/// a few seconds): the list `feed browse` keeps.
final class PageStoreFixture: Sendable {
  static let count = 1_000_000
  let store: SQLiteFeedStore
  let path: String

  init() async throws {
    let directory = Payloads.temporaryDirectory("page-store")
    path = directory.appending(path: "feed.sqlite").path(percentEncoded: false)
    store = SQLiteFeedStore(storeURL: URL(fileURLWithPath: path))
    for chunk in stride(from: 0, to: Self.count, by: 50_000) {
      _ = try await store.appendPage(Self.images(chunk..<min(chunk + 50_000, Self.count)))
    }
  }

  /// The fixture of this benchmark process, built on first use: only the page benchmarks pay for it.
  static func shared() async throws -> PageStoreFixture {
    try await Shared.instance.value
  }

  private enum Shared {
    static let instance = Task { try await PageStoreFixture() }
  }

  /// The id of the image at `position`.
  static func id(at position: Int) -> UUID {
    Payloads.id(0xFA6E, position)
  }

  static func images(_ positions: Range<Int>) -> [LocalFeedImage] {
    positions.map { index in
      LocalFeedImage(
        id: id(at: index), description: index % 3 == 0 ? nil : "Description of image \(index) with some words",
        location: index % 5 == 0 ? nil : "Location \(index), Somewhere",
        url: URL(string: "https://images.example.com/feed/\(index)/image.jpg") ?? URL(fileURLWithPath: "/"))
    }
  }
}

/// The cursors a benchmark reads after, in turn: one per sample, spread over the 3,000 images before its target.
final class Cursors: @unchecked Sendable {
  private let ids: [UUID]
  private var next = 0

  init(before target: Int) {
    ids = (0..<100).map { PageStoreFixture.id(at: max(0, target - $0 * 30)) }
  }

  /// The next cursor; benchmarks run one sample at a time, so no lock is needed.
  func take() -> UUID {
    defer { next = (next + 1) % ids.count }
    return ids[next]
  }
}

func windowBenchmarks() {
  // MARK: One page of 30 from the SQLite page store near its millionth image and at its 100th, and the raw twins.
  // Each sample is one read, so the percentiles are those of single reads.

  for (name, target) in [("1000000", PageStoreFixture.count - 30), ("100", 100)] {
    Benchmark("Page read at \(name).ours") { benchmark in
      let store = try await PageStoreFixture.shared().store
      let cursors = Cursors(before: target)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { blackHole(try await store.retrievePage(after: cursors.take(), limit: 30)) }
    }
    Benchmark("Page read at \(name).raw") { benchmark in
      let reader = RawPageReader(path: try await PageStoreFixture.shared().path)
      let cursors = Cursors(before: target)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { blackHole(reader.page(after: cursors.take(), limit: 30)) }
    }
  }
}
