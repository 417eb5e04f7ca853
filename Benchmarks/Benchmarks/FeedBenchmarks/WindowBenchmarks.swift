import Benchmark
import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation
import RawSQLite

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
    UUID(uuidString: String(format: "FA6E0000-0000-4000-8000-%012X", position)) ?? UUID()
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

/// The raw twin of a page read: the same keyset query on the same database with a prepared statement, rows into
/// plain structs; no EssentialFeed code.
final class RawPageReader {
  private var db: OpaquePointer?
  private var select: OpaquePointer?

  init(path: String) {
    sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil)
    sqlite3_prepare_v2(
      db,
      """
      SELECT id, description, location, url FROM feed_page
      WHERE position > (SELECT position FROM feed_page WHERE id = ?) ORDER BY position LIMIT ?
      """, -1, &select, nil)
  }

  deinit {
    sqlite3_finalize(select)
    sqlite3_close(db)
  }

  func page(after id: UUID, limit: Int) -> [PlainImage] {
    sqlite3_reset(select)
    _ = withUnsafeBytes(of: id.uuid) {
      sqlite3_bind_blob(select, 1, $0.baseAddress, 16, unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self))
    }
    sqlite3_bind_int64(select, 2, Int64(limit))
    var page: [PlainImage] = []
    while sqlite3_step(select) == SQLITE_ROW {
      guard let blob = sqlite3_column_blob(select, 0), let url = text(3).flatMap(URL.init(string:)) else { continue }
      page.append(
        PlainImage(
          id: UUID(uuid: UnsafeRawPointer(blob).loadUnaligned(as: uuid_t.self)), description: text(1),
          location: text(2), url: url))
    }
    return page
  }

  private func text(_ column: Int32) -> String? {
    sqlite3_column_text(select, column).map { String(cString: $0) }
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
