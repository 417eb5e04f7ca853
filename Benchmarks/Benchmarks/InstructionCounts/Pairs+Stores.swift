import BenchmarkTwins
import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

extension Pair {
  /// The last search saved and loaded on the SQLite store, against one raw SQLite transaction of the same rows.
  static let sqliteSearchCache = Pair(name: "search cache (SQLite)", goal: 1.3, sizes: [100, 1_000, 10_000]) { size in
    let results = Payloads.images(size)
    let loader = LocalFeedSearchLoader(
      store: SQLiteFeedStore(storeURL: scratch("search").appending(path: "feed.sqlite")), currentDate: Date.init)
    let baseline = RawSQLiteBaseline(path: scratch("search-raw").appending(path: "feed.sqlite").path)
    try await loader.cache(for: "kyoto").save([])  // both databases opened, outside the measured work
    _ = try await loader.load(keyword: "kyoto")
    _ = baseline.roundTrip([])
    return Sides(
      ours: {
        try await loader.cache(for: "kyoto").save(results)
        keep(try await loader.load(keyword: "kyoto"))
      },
      raw: { keep(baseline.roundTrip(results.map(PlainImage.init))) })
  }

  /// Pending likes enqueued one by one (a user's taps) then removed as the synchronizer removes its answers, in
  /// batches, on `store`, against `raw` doing the same writes by hand.
  private static func pendingLikes(
    _ name: String, goal: Double, limit: Double? = nil, store: @escaping @Sendable () -> any PendingLikeActionStore,
    raw makeRaw: @escaping @Sendable () -> ([PendingLikeAction]) -> Void
  ) -> Pair {
    Pair(name: name, goal: goal, limit: limit, sizes: [100, 1_000, 10_000]) { size in
      let actions = Array(LikesFixture.actions.prefix(size))
      let store = store()
      let raw = makeRaw()
      // Both sides open their files with an action outside the measured ones.
      let opener = PendingLikeAction(
        imageID: Payloads.id(0x0E7E, 0), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: 0))
      try await store.enqueue(opener)
      try await store.removeIfPending(opener)
      raw([opener])
      return Sides(
        ours: {
          for action in actions { try await store.enqueue(action) }
          for batch in LikesFixture.batches(actions) { keep(try await store.removeIfPending(Array(batch))) }
        },
        raw: { raw(actions) })
    }
  }

  static let sqlitePendingLikes = pendingLikes(
    "pending likes (SQLite)", goal: 1.3,
    store: { SQLiteFeedStore(storeURL: scratch("likes").appending(path: "feed.sqlite")) },
    raw: {
      let raw = RawPendingLikes(path: scratch("likes-raw").appending(path: "raw.sqlite").path)
      return { actions in
        for action in actions { raw.enqueue(action) }
        for batch in LikesFixture.batches(actions) { raw.remove(batch.lazy.map(\.id)) }
      }
    })

  static let fileSystemPendingLikes = pendingLikes(
    "pending likes (file system)", goal: 6,
    store: { FileSystemFeedStore(directory: scratch("likes-fs")) },
    raw: {
      let raw = RawLockedAppends(directory: scratch("likes-fs-raw"))
      return { raw.record($0) }
    })

  /// The pending actions laid over the liked list (one per ten images), against the same loop by hand.
  static let likesOverlay = Pair(name: "likes overlay", goal: 1.3, sizes: [1_000, 10_000, 100_000]) { size in
    let list = LikesFixture.list(size)
    let pending = LikesFixture.pending(on: list)
    return Sides(
      ours: { keep(LikedList.entries(server: list, pending: pending)) },
      raw: { keep(RawOverlay.entries(server: list, pending: pending)) })
  }

  /// Inserts of 32 KB into a full cache of 40 (each evicts the least recently used), against atomic writes of the
  /// same bytes to one of 40 files.
  private static func imageInsert(
    _ name: String, goal: Double, limit: Double? = nil,
    store: @escaping @Sendable (ImageCacheLimits) -> any FeedImageDataStore
  ) -> Pair {
    Pair(name: name, goal: goal, limit: limit, sizes: [10, 100, 1_000]) { size in
      let image = Data(repeating: 3, count: 32 * 1_024)
      let urls = Payloads.images(40 + size).map(\.url)
      let store = store(ImageCacheLimits(maximumBytes: 40 * image.count))
      for url in urls.prefix(40) { try await store.insert(image, for: url) }
      let raw = RawAtomicWrites(directory: scratch("insert-raw"))
      for number in 0..<40 { try raw.write(image, number: number) }  // full too: each write replaces a file
      return Sides(
        ours: { for url in urls.dropFirst(40) { try await store.insert(image, for: url) } },
        raw: { for number in 0..<size { try raw.write(image, number: number) } })
    }
  }

  // 10.87 with every image inside the database; 2.38 with images beside the index (issue 44: the image a file, the
  // index's five pages its commit's work); 1.91, the goal met, with the order of use as the index's key (one B-tree
  // fewer per insert; see docs/Performance.md).
  static let sqliteImageInsert = imageInsert("image insert with eviction (SQLite)", goal: 2.0) {
    SQLiteFeedStore(storeURL: scratch("insert").appending(path: "images.sqlite"), imageLimits: $0)
  }

  static let fileSystemImageInsert = imageInsert("image insert with eviction (file system)", goal: 1.5) {
    FileSystemFeedStore(directory: scratch("insert-fs"), imageLimits: $0)
  }

  /// The windowed list's page reads from the SQLite page store, against the same keyset query by hand.
  static let sqliteWindowPageReads = Pair(
    name: "window page reads (SQLite)", goal: 1.8, sizes: [300, 3_000, 30_000]
  ) { size in
    let all = Payloads.images(size)
    let file = scratch("pages").appending(path: "feed.sqlite")
    let pages = LocalFeedPageLoader(store: SQLiteFeedStore(storeURL: file))
    _ = try await pages.append(all)
    let reader = RawPageReader(path: file.path)
    return Sides(
      ours: {
        var last = all[0]
        while let tail = try await pages.page(after: last, limit: 30).last { last = tail }
      },
      raw: {
        var last = all[0].id
        while let tail = reader.page(after: last, limit: 30).last { last = tail.id }
      })
  }
}
