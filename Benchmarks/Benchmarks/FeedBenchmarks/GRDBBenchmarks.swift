import Benchmark
import BenchmarkTwins
import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

/// The GRDB page list holding the same 1,000,000 images as `PageStoreFixture` at the same places (position `i` is
/// the fixture's image `i`), built once per run in 50,000-image writes.
enum GRDBPageFixture {
  /// The list of this benchmark process, built on first use: only the GRDB page benchmark pays for it.
  static func shared() async throws -> GRDBPeer.PageList {
    try await Shared.instance.value
  }

  private enum Shared {
    static let instance = Task {
      let directory = Payloads.temporaryDirectory("grdb-page-store")
      let list = try GRDBPeer.PageList(path: directory.appending(path: "feed.sqlite").path(percentEncoded: false))
      for chunk in stride(from: 0, to: PageStoreFixture.count, by: 50_000) {
        let range = chunk..<min(chunk + 50_000, PageStoreFixture.count)
        try list.append(PageStoreFixture.images(range).map(FeedImage.init), from: chunk)
      }
      return list
    }
  }
}

/// The positions the GRDB benchmark reads after, in turn: the same places as `Cursors(before:)`'s ids.
final class GRDBCursors: @unchecked Sendable {
  private let positions: [Int]
  private var next = 0

  init(before target: Int) {
    positions = (0..<100).map { max(0, target - $0 * 30) }
  }

  /// The next cursor; benchmarks run one sample at a time, so no lock is needed.
  func take() -> Int {
    defer { next = (next + 1) % positions.count }
    return positions[next]
  }
}

func grdbBenchmarks() {
  // MARK: GRDB peers: our SQLite store against the same work on GRDB 7 (records, a DatabaseQueue, write/read), with
  // the same schema and durability (WAL, synchronous = FULL). Goal: ours ≤ 1.0× GRDB.

  // The feed round trip of 10,000 images: one transaction replacing the feed, then one read of it, in order. Each
  // side opens its database (and schema) before the measurement, and removes it after.
  let feed = Payloads.images(10_000)
  Benchmark("GRDB feed round trip 10000.ours") { benchmark in
    let directory = Payloads.temporaryDirectory("grdb-sqlite")
    let loader = LocalFeedLoader(
      store: SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite")), currentDate: Date.init)
    try await loader.save([])
    _ = try await loader.load()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      try await loader.save(feed)
      blackHole(try await loader.load())
    }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("GRDB feed round trip 10000.raw") { benchmark in
    let directory = Payloads.temporaryDirectory("grdb-feed")
    let cache = try GRDBPeer.FeedCache(path: directory.appending(path: "feed.sqlite").path(percentEncoded: false))
    _ = try await cache.roundTrip([], timestamp: Date())
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(try await cache.roundTrip(feed, timestamp: Date())) }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }

  // One page of 30 near the millionth image (each sample one read, as "Page read at 1000000"): the SQLite page store
  // after an id, against GRDB's keyset query after a position, each on its own 1,000,000-row database.
  let target = PageStoreFixture.count - 30
  Benchmark("GRDB page read at the millionth row.ours") { benchmark in
    let store = try await PageStoreFixture.shared().store
    let cursors = Cursors(before: target)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(try await store.retrievePage(after: cursors.take(), limit: 30)) }
  }
  Benchmark("GRDB page read at the millionth row.raw") { benchmark in
    let list = try await GRDBPageFixture.shared()
    let cursors = GRDBCursors(before: target)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(try await list.page(after: cursors.take(), limit: 30)) }
  }

  // 10,000 pending likes: each enqueued, all listed, each removed as answered; every change its own transaction.
  // Each side opens its database with an action outside the measured ones.
  let opener = PendingLikeAction(
    imageID: Payloads.id(0x0E7E, 0), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: 0))
  Benchmark("GRDB pending likes 10000.ours", configuration: .init(maxIterations: 5)) { benchmark in
    let directory = Payloads.temporaryDirectory("grdb-likes-sqlite")
    let store = SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite"))
    try await store.enqueue(opener)
    try await store.removeIfPending(opener)
    benchmark.startMeasurement()
    for action in LikesFixture.actions { try await store.enqueue(action) }
    blackHole(try await store.pendingActions())
    for action in LikesFixture.actions { try await store.removeIfPending(action) }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("GRDB pending likes 10000.raw", configuration: .init(maxIterations: 5)) { benchmark in
    let directory = Payloads.temporaryDirectory("grdb-likes")
    let likes = try GRDBPeer.PendingLikes(path: directory.appending(path: "feed.sqlite").path(percentEncoded: false))
    try await likes.enqueue(opener)
    _ = try await likes.removeIfPending(opener)
    benchmark.startMeasurement()
    for action in LikesFixture.actions { try await likes.enqueue(action) }
    blackHole(try await likes.pendingActions())
    for action in LikesFixture.actions { _ = try await likes.removeIfPending(action) }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }
}
