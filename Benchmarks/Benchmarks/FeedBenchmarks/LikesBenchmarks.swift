import Benchmark
import BenchmarkTwins
import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

func likesBenchmarks() {
  // MARK: Enqueue 10,000 actions, then compare-and-delete them in the synchronizer's batches, against the same writes
  // by hand (goal ≤ 1.3).

  Benchmark("Pending likes 10000 enqueue and remove (SQLite).ours", configuration: .init(maxIterations: 5)) {
    benchmark in
    let directory = Payloads.temporaryDirectory("likes-sqlite")
    let store = SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite"))
    benchmark.startMeasurement()
    for action in LikesFixture.actions { try await store.enqueue(action) }
    for batch in LikesFixture.batches(LikesFixture.actions) { try await store.removeIfPending(Array(batch)) }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("Pending likes 10000 enqueue and remove (SQLite).raw", configuration: .init(maxIterations: 5)) {
    benchmark in
    let directory = Payloads.temporaryDirectory("likes-sqlite-raw")
    let raw = RawPendingLikes(path: directory.appending(path: "raw.sqlite").path(percentEncoded: false))
    benchmark.startMeasurement()
    for action in LikesFixture.actions { raw.enqueue(action) }
    for batch in LikesFixture.batches(LikesFixture.actions) { raw.remove(batch.lazy.map(\.id)) }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("Pending likes 10000 enqueue and remove (file system).ours", configuration: .init(maxIterations: 5)) {
    benchmark in
    let directory = Payloads.temporaryDirectory("likes-fs")
    let store = FileSystemFeedStore(directory: directory)
    benchmark.startMeasurement()
    for action in LikesFixture.actions { try await store.enqueue(action) }
    for batch in LikesFixture.batches(LikesFixture.actions) { try await store.removeIfPending(Array(batch)) }
    benchmark.stopMeasurement()
    try? FileManager.default.removeItem(at: directory)
  }
  Benchmark("Pending likes 10000 enqueue and remove (file system).raw", configuration: .init(maxIterations: 5)) {
    benchmark in
    let directory = Payloads.temporaryDirectory("likes-fs-raw")
    let raw = RawLockedAppends(directory: directory)
    benchmark.startMeasurement()
    raw.record(LikesFixture.actions)
    benchmark.stopMeasurement()
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
        blackHole(RawOverlay.entries(server: list, pending: pending))
      }
    }
  }
}
