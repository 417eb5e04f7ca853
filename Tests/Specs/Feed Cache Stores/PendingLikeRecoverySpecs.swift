import EssentialFeed
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedCache
@testable import EssentialFeedSQLite

/// A damaged pending likes store is recovered, keeping every action that can still be read.
@Suite("Pending like stores: recovery")
struct PendingLikeRecoverySpecs {
  let actions = (0..<4).map {
    PendingLikeAction(
      imageID: UUID(), kind: $0 == 2 ? .discard : .like, timestamp: Date(timeIntervalSince1970: 1e9 + Double($0)))
  }

  @Test(
    "PLR-1 file system: a damaged record in the middle of the journal is dropped; the others are kept, and the damaged journal is set aside"
  )
  func damagedRecord() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      for action in actions { try await FileSystemFeedStore(directory: store).enqueue(action) }
      let journal = store.appending(path: "pending-likes")
      var bytes = try Data(contentsOf: journal)
      bytes[PendingLikeJournal.headerSize + PendingLikeJournal.recordSize + 20] ^= 0xFF  // the second action's record
      try bytes.write(to: journal)
      let sut = FileSystemFeedStore(directory: store)
      await #expect(throws: (any Error).self) { try await sut.pendingActions() }

      let recovery = try await sut.recoverPendingActions()

      #expect(recovery.kept == 3)
      #expect(recovery.dropped == 1)
      let setAside = try #require(recovery.setAside)
      #expect(try Data(contentsOf: URL(fileURLWithPath: setAside)) == bytes, "the damaged journal is kept as it was")
      #expect(try await sut.pendingActions() == [actions[0], actions[2], actions[3]])
      #expect(try await FileSystemFeedStore(directory: store).pendingActions() == [actions[0], actions[2], actions[3]])
      try await sut.enqueue(actions[1])
      #expect(try await sut.pendingActions().count == 4)
    }
  }

  @Test("PLR-2 file system: a file that is no journal at all keeps nothing, is set aside, and the store works again")
  func notAJournal() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
      try Data("not a journal".utf8).write(to: store.appending(path: "pending-likes"))
      let sut = FileSystemFeedStore(directory: store)

      let recovery = try await sut.recoverPendingActions()

      #expect(recovery.kept == 0)
      #expect(recovery.setAside != nil)
      try await sut.enqueue(actions[0])
      #expect(try await sut.pendingActions() == [actions[0]])
    }
  }

  @Test("PLR-3 SQLite: rows no action can have are dropped, the others kept; a table it cannot read is made again")
  func sqliteRows() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let file = directory.appending(path: "feed.sqlite")
      let path = file.path(percentEncoded: false)
      for action in actions { try await SQLiteFeedStore(storeURL: file).enqueue(action) }
      try SQLiteConnection(path: path).execute("UPDATE pending_like SET kind = 7 WHERE position = 2")
      let sut = SQLiteFeedStore(storeURL: file)
      await #expect(throws: (any Error).self) { try await sut.pendingActions() }

      #expect(try await sut.recoverPendingActions() == PendingLikeRecovery(kept: 3, dropped: 1))
      #expect(try await sut.pendingActions() == [actions[0], actions[2], actions[3]])

      try SQLiteConnection(path: path).execute(
        "DROP TABLE pending_like; CREATE TABLE pending_like (x); INSERT INTO pending_like VALUES (1)")
      let damaged = SQLiteFeedStore(storeURL: file)
      #expect(try await damaged.recoverPendingActions() == PendingLikeRecovery(kept: 0, dropped: 1))
      try await damaged.enqueue(actions[1])
      #expect(try await damaged.pendingActions() == [actions[1]])
    }
  }

  @Test(
    "PLR-4 recovering a store that reads changes nothing",
    arguments: ShippedStore.offering((any RecoverablePendingLikeActionStore).self))
  func readableStore(kind: ShippedStore) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let sut = try #require(kind.makeStore(in: directory) as? any RecoverablePendingLikeActionStore)
      #expect(try await sut.recoverPendingActions() == PendingLikeRecovery(kept: 0, dropped: 0))
      for action in actions { try await sut.enqueue(action) }

      #expect(try await sut.recoverPendingActions() == PendingLikeRecovery(kept: 4, dropped: 0))
      #expect(try await sut.pendingActions() == actions)
    }
  }
}
