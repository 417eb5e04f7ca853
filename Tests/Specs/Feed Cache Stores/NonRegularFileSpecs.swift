import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation
import TestSupport
import Testing

/// A FIFO or a directory where a store file belongs: an error at once, never an open that waits forever.
@Suite("Stores on non-regular files")
struct NonRegularFileSpecs {
  enum Intruder: String, CaseIterable {
    case fifo, directory
  }

  @Test(
    "CFS-4 a FIFO or a directory where a store's file belongs: a read is an error at once and a write ends, never a blocking open",
    arguments: ShippedStore.persistent, Intruder.allCases)
  func storeFile(kind: ShippedStore, intruder: Intruder) async throws {
    try await withTemporaryDirectory { directory in
      let location = kind.location(in: directory)
      let path = kind.feedFile(at: location).path(percentEncoded: false)
      try place(intruder, at: path)
      let sut = kind.makeStore(at: location)

      let read = await endsWithin(path, "a read") { _ = try await sut.retrieve() }
      let write = await endsWithin(path, "a write") { try await sut.insert([], timestamp: Date()) }

      // The read is an error; the write ends (a store that replaces its file atomically may replace the FIFO).
      #expect(throws: (any Error).self, "the read succeeded on a \(intruder)") { try read.get() }
      if intruder == .fifo, case .failure(let error) = read {
        #expect("\(error)".contains("not a regular file"), "\(error)")
      }
      _ = write
    }
  }

  @Test("CFS-5 a FIFO where the pending likes' journal or lock belongs is an error at once, never a blocking open")
  func pendingLikesFiles() async throws {
    for name in ["pending-likes", "pending-likes.lock"] {
      try await withTemporaryDirectory { directory in
        let path = directory.appending(path: name).path(percentEncoded: false)
        try place(.fifo, at: path)
        let sut = FileSystemFeedStore(directory: directory)

        let result = await endsWithin(path, "an enqueue") {
          try await sut.enqueue(PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date()))
        }

        #expect(throws: (any Error).self, "\(name): the enqueue succeeded on a FIFO") { try result.get() }
      }
    }
  }

  private func place(_ intruder: Intruder, at path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    switch intruder {
    case .fifo: #expect(mkfifo(path, 0o600) == 0)
    case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
  }

  /// Runs `body`; an operation still blocked after a minute is reported, then freed by opening the FIFO's other end.
  private func endsWithin(
    _ path: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> Void
  ) async -> Result<Void, any Error> {
    let operation = Task { () -> Result<Void, any Error> in
      do {
        try await body()
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    let finished = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        _ = await operation.value
        return true
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(60))
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    if !finished {
      Issue.record("\(what) of \(path) blocked for a minute", sourceLocation: sourceLocation)
      let fd = open(path, O_RDWR | O_NONBLOCK)  // the other end: a blocked open of the FIFO returns
      if fd >= 0 { close(fd) }
    }
    return await operation.value
  }
}
