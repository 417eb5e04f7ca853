import Benchmark
import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation
import RawSQLite

/// 10,000 actions on distinct images, and the list and pending actions of the overlay rows.
enum LikesFixture {
  static let actions = (0..<10_000).map {
    PendingLikeAction(
      imageID: UUID(), kind: $0 % 3 == 0 ? .discard : .like, timestamp: Date(timeIntervalSinceReferenceDate: Double($0))
    )
  }

  static func list(_ count: Int) -> [FeedImage] {
    (0..<count).map { FeedImage(id: UUID(), description: "image \($0)", location: nil, url: url($0)) }
  }

  /// One pending action per ten images: half discards of listed images, half likes of images the list lacks.
  static func pending(on list: [FeedImage]) -> [PendingLikeAction] {
    stride(from: 0, to: list.count, by: 10).map { index in
      let discard = index % 20 == 0
      return PendingLikeAction(
        imageID: discard ? list[index].id : UUID(), kind: discard ? .discard : .like,
        timestamp: Date(timeIntervalSinceReferenceDate: Double(index)))
    }
  }

  private static func url(_ index: Int) -> URL {
    URL(string: "https://images.example.com/\(index).png") ?? URL(fileURLWithPath: "/")
  }
}

func likesBenchmarks() {
  // MARK: Enqueue then compare-and-delete 10,000 actions, against the same writes by hand (goal ≤ 1.3).

  Benchmark("Pending likes 10000 enqueue and remove (SQLite).ours", configuration: .init(maxIterations: 5)) {
    benchmark in
    let directory = Payloads.temporaryDirectory("likes-sqlite")
    let store = SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite"))
    benchmark.startMeasurement()
    for action in LikesFixture.actions { try await store.enqueue(action) }
    for action in LikesFixture.actions { try await store.removeIfPending(action) }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("Pending likes 10000 enqueue and remove (SQLite).raw", configuration: .init(maxIterations: 5)) {
    benchmark in
    let directory = Payloads.temporaryDirectory("likes-sqlite-raw")
    let raw = RawPendingLikes(path: directory.appending(path: "raw.sqlite").path(percentEncoded: false))
    benchmark.startMeasurement()
    for action in LikesFixture.actions { raw.enqueue(action) }
    for action in LikesFixture.actions { raw.remove(action.id) }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("Pending likes 10000 enqueue and remove (file system).ours", configuration: .init(maxIterations: 5)) {
    benchmark in
    let directory = Payloads.temporaryDirectory("likes-fs")
    let store = FileSystemFeedStore(directory: directory)
    benchmark.startMeasurement()
    for action in LikesFixture.actions { try await store.enqueue(action) }
    for action in LikesFixture.actions { try await store.removeIfPending(action) }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("Pending likes 10000 enqueue and remove (file system).raw", configuration: .init(maxIterations: 5)) {
    benchmark in
    let directory = Payloads.temporaryDirectory("likes-fs-raw")
    let path = directory.appending(path: "pending").path(percentEncoded: false)
    let lock = open(directory.appending(path: "pending.lock").path(percentEncoded: false), O_RDWR | O_CREAT, 0o600)
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    var record = [UInt8](repeating: 0, count: 64)
    var info = stat()
    benchmark.startMeasurement()
    // The same writes by hand: each change under the store's lock, after a look at the file (another process may
    // have changed it), one 64-byte record appended and flushed.
    for round in 0..<2 {
      for action in LikesFixture.actions {
        flock(lock, LOCK_EX)
        stat(path, &info)
        withUnsafeBytes(of: action.id.uuid) { record.replaceSubrange(8..<24, with: $0) }
        record[0] = UInt8(round + 1)
        _ = record.withUnsafeBytes { write(fd, $0.baseAddress, 64) }
        fsync(fd)
        flock(lock, LOCK_UN)
      }
    }
    benchmark.stopMeasurement()
    close(fd)
    close(lock)
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: The overlay of pending actions on the liked list, 1,000 to 100,000 images (cost per image flat, ≤ 1.3).

  for count in [1_000, 10_000, 100_000] {
    let list = LikesFixture.list(count)
    let pending = LikesFixture.pending(on: list)
    Benchmark("Likes overlay \(count).ours") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(LikedList.entries(server: list, pending: pending)) }
    }
    Benchmark("Likes overlay \(count).raw") { benchmark in
      for _ in benchmark.scaledIterations {
        // The same work by hand: the intent by image, then the pending likes on top of the list less the discards.
        var intent: [UUID: Bool] = [:]
        for action in pending { intent[action.imageID] = action.kind == .like }
        var shown: [(UUID, FeedImage?, Bool)] = []
        shown.reserveCapacity(list.count + pending.count)
        for action in pending.reversed() where action.kind == .like { shown.append((action.imageID, nil, true)) }
        for image in list where intent[image.id] != false { shown.append((image.id, image, intent[image.id] == true)) }
        blackHole(shown)
      }
    }
  }
}

/// The raw twin of the SQLite pending likes: the same table and statements, prepared once, no EssentialFeed code.
final class RawPendingLikes {
  private var db: OpaquePointer?
  private var insert: OpaquePointer?
  private var delete: OpaquePointer?
  private static let transient = unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)

  init(path: String) {
    sqlite3_open(path, &db)
    sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;", nil, nil, nil)
    sqlite3_exec(
      db,
      """
      CREATE TABLE pending_like (
        position INTEGER PRIMARY KEY, image_id BLOB NOT NULL UNIQUE, action_id BLOB NOT NULL,
        kind INTEGER NOT NULL, timestamp REAL NOT NULL);
      CREATE INDEX pending_like_action ON pending_like (action_id);
      """, nil, nil, nil)
    sqlite3_prepare_v2(
      db, "INSERT OR REPLACE INTO pending_like (image_id, action_id, kind, timestamp) VALUES (?, ?, ?, ?)", -1,
      &insert, nil)
    sqlite3_prepare_v2(db, "DELETE FROM pending_like WHERE action_id = ?", -1, &delete, nil)
  }

  deinit {
    sqlite3_finalize(insert)
    sqlite3_finalize(delete)
    sqlite3_close(db)
  }

  func enqueue(_ action: PendingLikeAction) {
    bind(action.imageID, insert, 1)
    bind(action.id, insert, 2)
    sqlite3_bind_int(insert, 3, action.kind == .like ? 1 : 0)
    sqlite3_bind_double(insert, 4, action.timestamp.timeIntervalSinceReferenceDate)
    sqlite3_step(insert)
    sqlite3_reset(insert)
  }

  func remove(_ id: UUID) {
    bind(id, delete, 1)
    sqlite3_step(delete)
    sqlite3_reset(delete)
  }

  private func bind(_ uuid: UUID, _ statement: OpaquePointer?, _ index: Int32) {
    _ = withUnsafeBytes(of: uuid.uuid) { sqlite3_bind_blob(statement, index, $0.baseAddress, 16, Self.transient) }
  }
}
