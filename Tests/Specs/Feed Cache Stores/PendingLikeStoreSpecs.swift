import EssentialFeed
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedCache

@Suite("Pending like stores")
struct PendingLikeStoreSpecs {
  static let kinds = ShippedStore.offering((any PendingLikeActionStore).self)

  @Test(
    "passes the PendingLikeActionStore specs",
    arguments: SpecCases.matrix(
      kinds, PendingLikeActionStoreSpec.casesThisRun,
      forwarded: [.actionsPastSixteenBits, .concurrentChangesAreLinearizable]))
  func passesSpecs(kind: ShippedStore, spec: PendingLikeActionStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { try #require(kind.makeStore(in: directory) as? any PendingLikeActionStore) }
    }
  }

  @Test(
    "passes the persistent pending like specs",
    arguments: ShippedStore.offering((any PendingLikeActionStore).self, persistentOnly: true),
    PersistentPendingLikeActionStoreSpec.allCases)
  func passesPersistentSpecs(kind: ShippedStore, spec: PersistentPendingLikeActionStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { try #require(kind.makeStore(in: directory) as? any PendingLikeActionStore) }
    }
  }

  @Test(
    "passes the failable pending like specs",
    arguments: ShippedStore.offering((any PendingLikeActionStore).self, persistentOnly: true),
    FailablePendingLikeActionStoreSpec.allCases)
  func passesFailableSpecs(kind: ShippedStore, spec: FailablePendingLikeActionStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify(kind.pendingLikeFailures(in: directory))
    }
  }

  @Test(
    "PA-9 pending actions survive a new instance exactly, and its compare-and-delete works on them",
    arguments: ShippedStore.offering((any PendingLikeActionStore).self, persistentOnly: true))
  func survivesNewInstance(kind: ShippedStore) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let make = { try #require(kind.makeStore(in: directory) as? any PendingLikeActionStore) }
      let actions = (0..<200).map {
        PendingLikeAction(
          imageID: UUID(), kind: $0 % 3 == 0 ? .discard : .like,
          timestamp: Date(timeIntervalSinceReferenceDate: 1e8 + Double($0) / 7))
      }
      let first = try make()
      for action in actions { try await first.enqueue(action) }
      for action in actions.prefix(150) { try await first.removeIfPending(action) }

      let second = try make()
      #expect(try await second.pendingActions() == Array(actions[150...]))
      #expect(try await second.removeIfPending(actions[150]))
      #expect(try await make().pendingActions() == Array(actions[151...]))
    }
  }

  @Test(
    "PA-10 file system: a record cut short by a killed writer is dropped; any other damage is an error, never an empty queue"
  )
  func damagedJournal() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      let journal = store.appending(path: "pending-likes")
      let actions = (0..<3).map {
        PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: Double($0)))
      }
      for action in actions { try await FileSystemFeedStore(directory: store).enqueue(action) }
      let whole = try Data(contentsOf: journal)

      try (whole + Data(repeating: 7, count: 30)).write(to: journal)  // a torn append
      let afterTorn = FileSystemFeedStore(directory: store)
      #expect(try await afterTorn.pendingActions() == actions)
      let fourth = PendingLikeAction(
        imageID: UUID(), kind: .discard, timestamp: Date(timeIntervalSinceReferenceDate: 9))
      try await afterTorn.enqueue(fourth)
      #expect(try await FileSystemFeedStore(directory: store).pendingActions() == actions + [fourth])

      var damaged = try Data(contentsOf: journal)
      damaged[PendingLikeJournal.headerSize + 20] ^= 0x01
      try damaged.write(to: journal)
      let sut = FileSystemFeedStore(directory: store)
      await #expect(throws: FileFeedStoreError.self) { try await sut.pendingActions() }
      await #expect(throws: FileFeedStoreError.self) { try await sut.enqueue(fourth) }
      #expect(try Data(contentsOf: journal) == damaged, "a damaged journal was written over")
    }
  }

  @Test(
    "PA-16 file system: a journal cut below its committed length is an error, never a shorter queue; a version 1 journal loads and the next change rewrites it as version 2"
  )
  func committedLength() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      let journal = store.appending(path: "pending-likes")
      let actions = (0..<3).map {
        PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: Double($0)))
      }
      for action in actions { try await FileSystemFeedStore(directory: store).enqueue(action) }
      let whole = try Data(contentsOf: journal)
      #expect(whole.count == PendingLikeJournal.headerSize + 3 * PendingLikeJournal.recordSize)
      try whole.prefix(whole.count - PendingLikeJournal.recordSize).write(to: journal)  // a whole record cut off
      await #expect(throws: FileFeedStoreError.self) {
        try await FileSystemFeedStore(directory: store).pendingActions()
      }

      var version1 = Data(whole.prefix(8))
      version1[4] = 1  // version 1: the 8-byte header alone, then the same records
      version1 += whole.dropFirst(PendingLikeJournal.headerSize)
      try version1.write(to: journal)
      let sut = FileSystemFeedStore(directory: store)
      #expect(try await sut.pendingActions() == actions)
      let fourth = PendingLikeAction(
        imageID: UUID(), kind: .discard, timestamp: Date(timeIntervalSinceReferenceDate: 9))
      try await sut.enqueue(fourth)
      let rewritten = try Data(contentsOf: journal)
      #expect(rewritten[4] == 2, "the next change rewrites a version 1 journal as version 2")
      #expect(try await FileSystemFeedStore(directory: store).pendingActions() == actions + [fourth])
    }
  }

  @Test(
    "PA-12 file system: a whole record of an unknown kind is an error, not a tear; two records with one action id leave one action, which its answer removes"
  )
  func craftedJournal() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      let journal = store.appending(path: "pending-likes")
      let action = PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: 1))
      try await FileSystemFeedStore(directory: store).enqueue(action)
      let whole = try Data(contentsOf: journal)

      var unknown = PendingLikeJournal.encode([.remove(action.id)])
      unknown[0] = 9  // a kind no version wrote, sealed with a valid checksum: written on purpose, not torn
      var resealed = BinaryWriter(capacity: 64)
      for byte in unknown.prefix(56) { resealed.append(byte) }
      JournalFormat.sealRecord(&resealed, from: 0)
      try committedWhole(whole + Data(resealed.bytes)).write(to: journal)
      let crafted = FileSystemFeedStore(directory: store)
      await #expect(throws: FileFeedStoreError.self) { try await crafted.pendingActions() }

      let reused = PendingLikeAction(
        id: action.id, imageID: UUID(), kind: .discard, timestamp: Date(timeIntervalSinceReferenceDate: 2))
      try committedWhole(whole + Data(PendingLikeJournal.encode([.enqueue(reused)]))).write(to: journal)
      let sut = FileSystemFeedStore(directory: store)
      #expect(try await sut.pendingActions() == [reused], "one action id, one pending action: the later record's")
      #expect(try await sut.removeIfPending(reused))
      #expect(try await FileSystemFeedStore(directory: store).pendingActions().isEmpty, "an action pending forever")
    }
  }

  @Test(
    "PA-11 file system: two instances on one directory (as two processes) see each other's changes, and neither's compaction drops the other's actions"
  )
  func twoInstances() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      let (first, second) = (FileSystemFeedStore(directory: store), FileSystemFeedStore(directory: store))
      let churned = UUID()
      let mine = (0..<100).map {
        PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: Double($0)))
      }
      let theirs = (0..<100).map {
        PendingLikeAction(
          imageID: UUID(), kind: .discard, timestamp: Date(timeIntervalSinceReferenceDate: 1_000 + Double($0)))
      }
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { for action in mine { try await first.enqueue(action) } }
        group.addTask {
          for (index, action) in theirs.enumerated() {
            try await second.enqueue(action)
            // Many replaced actions on one image: the journal grows past twice its actions, so it is compacted.
            try await second.enqueue(
              PendingLikeAction(
                imageID: churned, kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: 5_000 + Double(index))))
          }
        }
        try await group.waitForAll()
      }
      let expected = Set((mine + theirs).map(\.id))
      for sut in [first, second, FileSystemFeedStore(directory: store)] {
        let pending = try await sut.pendingActions()
        #expect(Set(pending.map(\.id)).isSuperset(of: expected))
        #expect(pending.count == 201)
      }
      #expect(try await first.removeIfPending(theirs[0]))
      #expect(try await second.pendingActions().count == 200)
    }
  }
}

/// `journal` with its committed length set to its whole length: every record in it appended whole, on purpose.
private func committedWhole(_ journal: Data) -> Data {
  var bytes = journal
  withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { bytes.replaceSubrange(8..<16, with: $0) }
  return bytes
}
