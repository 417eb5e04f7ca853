import EssentialFeed
import EssentialFeedCache
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// Blocking file and SQLite I/O runs on each store's own serial queue: while a store is blocked in a system call or
/// in SQLite's busy wait, the caller's executor stays free.
///
/// A store that ran on its caller's executor (a default actor does, under a task executor preference, and otherwise
/// on the cooperative pool) would hold that executor for as long as the I/O blocks.
@Suite("Store executors")
struct StoreExecutorSpecs {
  @Test(
    "SE-1 a store blocked in I/O or in SQLite's busy wait leaves its caller's executor free",
    arguments: ShippedStore.offering((any PendingLikeActionStore).self, persistentOnly: true))
  func blockingIOLeavesCallerFree(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let caller = QueueTaskExecutor()
      let blocker = try await Blocker(kind, in: directory)
      let store = kind.makeStore(in: directory)

      // The caller's executor is serial and runs its jobs in order: the probe's job runs after the operation's first,
      // which either hands the operation to the store's own queue or, on a store that runs on its caller, blocks it
      // until the operation ends. The verdict is the order of the two ends: the probe must end first.
      let ends = EndLog()
      let blocked = blocker.operation
      let operation = Task(executorPreference: caller) {
        _ = try? await blocked(store)
        ends.append("operation")
      }
      let probe = Task(executorPreference: caller) { ends.append("probe") }
      // A store that blocks the caller until it is released lets the probe run only then: after a minute, say so and
      // release it (this bounds the wait; it is not the verdict).
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await probe.value }
        group.addTask { try? await Task.sleep(for: .seconds(60)) }
        await group.next()
        group.cancelAll()
        blocker.release()
      }
      await operation.value
      await probe.value
      blocker.finish()

      #expect(ends.all == ["probe", "operation"], "the caller's executor was busy while the store blocked")
    }
  }
}

/// Makes one store operation block: an enqueue on the file-system store while another process's lock holds its
/// pending likes (`flock` waits), or a SQLite insert while another connection holds the write lock (the busy wait).
///
/// The codable store has no call that can block since it refuses a FIFO where its file belongs (CFS-4): it runs on
/// the same `StoreExecutor` as these two.
private struct Blocker {
  let operation: @Sendable (any FeedStore) async throws -> Void
  /// Lets the blocked operation go on.
  let release: () -> Void
  /// Called once the operation ended.
  let finish: () -> Void

  init(_ kind: ShippedStore, in directory: URL) async throws {
    let path = kind.feedFile(in: directory).path(percentEncoded: false)
    if kind == .sqlite {
      try await kind.makeStore(in: directory).insert([], timestamp: Date())
      let holder = try SQLiteConnection(path: path)
      try holder.execute("BEGIN EXCLUSIVE")
      operation = { try await $0.insert([], timestamp: Date()) }
      release = { try? holder.execute("ROLLBACK") }
      finish = {}
    } else {
      let store = (path as NSString).deletingLastPathComponent
      try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
      let lock = open(store + "/pending-likes.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard lock >= 0, flock(lock, LOCK_EX) == 0 else { throw CocoaError(.fileWriteUnknown) }
      operation = { store in
        let likes = try #require(store as? any PendingLikeActionStore)
        try await likes.enqueue(PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date()))
      }
      release = { flock(lock, LOCK_UN) }
      finish = { close(lock) }
    }
  }
}

/// The order in which tasks ended.
private final class EndLog: Sendable {
  private let log = Mutex<[String]>([])
  var all: [String] { log.withLock { $0 } }
  func append(_ name: String) { log.withLock { $0.append(name) } }
}

/// A task executor on a serial dispatch queue of its own.
private final class QueueTaskExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "StoreExecutorSpecs.caller")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }

  func asUnownedTaskExecutor() -> UnownedTaskExecutor {
    UnownedTaskExecutor(ordinary: self)
  }
}
