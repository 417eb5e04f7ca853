import EssentialFeedCache
import Foundation
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
    arguments: [StoreUnderTest.codable, .fileSystem, .sqlite])
  func blockingIOLeavesCallerFree(kind: StoreUnderTest) async throws {
    try await withTemporaryDirectory { directory in
      let caller = QueueTaskExecutor()
      let blocker = try await Blocker(kind, in: directory)
      let store = kind.make(in: directory)

      let blocked = blocker.operation
      let operation = Task(executorPreference: caller) { try await blocked(store) }
      try await Task.sleep(for: .milliseconds(100))  // Let the store reach the blocking call.
      let probe = Task(executorPreference: caller) { true }
      // The probe needs the caller's executor; give it up to 5 seconds, then free the store either way.
      let probed = await withTaskGroup(of: Bool.self) { group in
        group.addTask { await probe.value }
        group.addTask {
          try? await Task.sleep(for: .seconds(5))
          return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        try? blocker.release()
        return first
      }
      _ = await operation.result

      #expect(probed, "the caller's executor was busy while the store blocked")
    }
  }
}

/// Makes one store operation block: a file store's retrieve on a FIFO where its feed file should be (the open waits
/// for a writer), or a SQLite insert while another connection holds the write lock (the busy wait).
private struct Blocker {
  let operation: @Sendable (any FeedStore) async throws -> Void
  let release: () throws -> Void

  init(_ kind: StoreUnderTest, in directory: URL) async throws {
    let path = kind.feedFile(in: directory).path(percentEncoded: false)
    if kind == .sqlite {
      try await kind.make(in: directory).insert([], timestamp: Date())
      let holder = try SQLiteConnection(path: path)
      try holder.execute("BEGIN EXCLUSIVE")
      operation = { try await $0.insert([], timestamp: Date()) }
      release = { try holder.execute("ROLLBACK") }
    } else {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
      operation = { _ = try? await $0.retrieve() }
      release = {
        // Open the writing end once the store's read is waiting, then close it: the read sees an empty file.
        for _ in 0..<500 {
          let fd = open(path, O_WRONLY | O_NONBLOCK)
          if fd >= 0 {
            close(fd)
            return
          }
          usleep(10_000)
        }
      }
    }
  }
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
