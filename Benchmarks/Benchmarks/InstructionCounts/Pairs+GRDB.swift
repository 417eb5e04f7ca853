import BenchmarkTwins
import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

// The GRDB peers: our SQLite store against the same work on GRDB 7 (records, a DatabaseQueue, `write`/`read`), the
// library users pick for SQLite in Swift. Both sides run on databases with the same schema and durability (WAL,
// `synchronous = FULL`); the goal is ours ≤ 1.0× GRDB.

extension Pair {
  /// The feed saved and loaded by `LocalFeedLoader` on the SQLite store (one transaction replacing the feed, then
  /// one read of the timestamp and the images), against GRDB replacing the records in one `write` and reading them
  /// back in order in one `read`, mapped to the domain's images.
  static let grdbRoundTrip = Pair(name: "GRDB feed round trip", goal: 1.0, sizes: [100, 1_000, 10_000]) { size in
    let feed = Payloads.images(size)
    let loader = LocalFeedLoader(
      store: SQLiteFeedStore(storeURL: scratch("grdb-sqlite").appending(path: "feed.sqlite")), currentDate: Date.init)
    let grdb = try GRDBPeer.FeedCache(
      path: scratch("grdb-feed").appending(path: "feed.sqlite").path(percentEncoded: false))
    // Both sides open their files first (a database, its schema): the measured work is the round trip.
    try await loader.save([])
    _ = try await loader.load()
    _ = try await grdb.roundTrip([], timestamp: Date())
    return Sides(
      ours: {
        try await loader.save(feed)
        keep(try await loader.load())
      },
      raw: { keep(try await grdb.roundTrip(feed, timestamp: Date())) })
  }

  /// The rows of the page stores the page reads run on: `INSTRUCTION_COUNTS_PAGE_ROWS`, by default just enough for
  /// the largest size (a keyset read costs the same at any depth: the wall-clock suite reads at the millionth row),
  /// since building rows under valgrind is slow: 30,000 took three minutes a run.
  private static let pageRows =
    ProcessInfo.processInfo.environment["INSTRUCTION_COUNTS_PAGE_ROWS"].flatMap { Int($0) }
    ?? 3_001

  /// `size` consecutive pages of 30 read at the far end of the list, each after the last image of the one before:
  /// from the SQLite page store (`retrievePage(after:limit:)`, the cursor an id found through its unique index),
  /// against GRDB's keyset query (`filter(position > p).order(position).limit(30)`, the cursor a position). Both
  /// stores are built in `prepare`, outside the measured work, and read once there, so each has its statement ready.
  static let grdbPageReads = Pair(name: "GRDB page reads", goal: 1.0, sizes: [1, 10, 100]) { size in
    let rows = max(pageRows, 30 * size + 1)
    let all = Payloads.images(rows)
    let store = SQLiteFeedStore(storeURL: scratch("grdb-pages-sqlite").appending(path: "feed.sqlite"))
    _ = try await store.appendPage(all.map(LocalFeedImage.init))
    let list = try GRDBPeer.PageList.filled(
      at: scratch("grdb-pages").appending(path: "feed.sqlite").path(percentEncoded: false), with: all)
    _ = try await store.retrievePage(after: all[0].id, limit: 30)
    _ = try await list.page(after: 0, limit: 30)
    let start = rows - 30 * size - 1  // the last `size` pages end at the list's last image
    return Sides(
      ours: {
        var last = all[start].id
        for _ in 0..<size {
          guard let tail = try await store.retrievePage(after: last, limit: 30).last else { break }
          last = tail.id
        }
      },
      raw: {
        var last = start
        for _ in 0..<size {
          guard let tail = try await list.page(after: last, limit: 30).last else { break }
          last = tail.position
        }
      })
  }

  /// Pending likes on the SQLite store (as the synchronizer sees it): each enqueued (one statement each), listed in
  /// one read, then each removed as answered (a compare-and-delete each), against GRDB doing the same with a `write`
  /// per change and one `read`. Up to 1,000 actions: at 10,000 its GRDB side alone was 3.2 G instructions, a
  /// quarter of the whole check's callgrind time, for a ratio within 0.01 of the one at 1,000.
  static let grdbPendingLikes = Pair(name: "GRDB pending likes", goal: 1.0, sizes: [10, 100, 1_000]) { size in
    let actions = Array(LikesFixture.actions.prefix(size))
    let store: any PendingLikeActionStore = SQLiteFeedStore(
      storeURL: scratch("grdb-likes-sqlite").appending(path: "feed.sqlite"))
    let grdb = try GRDBPeer.PendingLikes(
      path: scratch("grdb-likes").appending(path: "feed.sqlite").path(percentEncoded: false))
    // Both sides open their files with an action outside the measured ones.
    let opener = PendingLikeAction(
      imageID: Payloads.id(0x0E7E, 0), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: 0))
    try await store.enqueue(opener)
    _ = try await store.pendingActions()
    try await store.removeIfPending(opener)
    try await grdb.enqueue(opener)
    _ = try await grdb.pendingActions()
    _ = try await grdb.removeIfPending(opener)
    return Sides(
      ours: {
        for action in actions { try await store.enqueue(action) }
        keep(try await store.pendingActions())
        for action in actions { keep(try await store.removeIfPending(action)) }
      },
      raw: {
        for action in actions { try await grdb.enqueue(action) }
        keep(try await grdb.pendingActions())
        for action in actions { keep(try await grdb.removeIfPending(action)) }
      })
  }
}
