import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedCache

/// Crafted and damaged files, and writers killed midway: every one an error or a recovery, never a crash.
@Suite("File stores on crafted and leftover files")
struct FileStoreHardeningSpecs {
  @Test(
    "FFS-6 an image file whose length fields overflow is a corrupt entry that the next insert replaces, never a trap",
    arguments: [UInt64.max, UInt64.max - 3, UInt64(Int64.max), 1 << 63])
  func overflowingImageLengths(dataLength: UInt64) async throws {
    try await expectDamagedImageFileRecovers { file in
      withUnsafeBytes(of: dataLength.littleEndian) { file.replaceSubrange(12..<20, with: $0) }
    }
  }

  @Test(
    "FFS-7 a cache file larger than the store's limit is a retrieval error without reading it; validation deletes it",
    arguments: ShippedStore.fileStores)
  func oversizedFileIsRefused(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let sut = kind.makeStore(in: directory)
      try await sut.insert([], timestamp: fixedCurrentDate)
      let file = kind.feedFile(in: directory)
      // A sparse 3 GB file: its declared size must be refused before any allocation.
      #expect(truncate(file.path(percentEncoded: false), 3 << 30) == 0)

      let error = await #expect(throws: FileFeedStoreError.self) { try await sut.retrieve() }
      #expect(error?.description.contains("more than the store's limit of 268435456") == true)
      try await LocalFeedLoader(store: sut, currentDate: { fixedCurrentDate }).validateCache()
      #expect(try await sut.retrieve() == nil)
    }
  }

  @Test("FFS-11 a directory in the feed file's place is a retrieval error; validation deletes it, and the store works")
  func directoryInTheFeedFilesPlace() async throws {
    try await withTemporaryDirectory { directory in
      let sut = ShippedStore.fileSystem.makeStore(in: directory)
      let file = ShippedStore.fileSystem.feedFile(in: directory)
      try FileManager.default.createDirectory(
        at: file.appending(path: "something inside"), withIntermediateDirectories: true)

      await #expect(throws: FileFeedStoreError.self) { try await sut.retrieve() }
      try await LocalFeedLoader(store: sut, currentDate: { fixedCurrentDate }).validateCache()
      #expect(try await sut.retrieve() == nil)
      try await sut.insert([], timestamp: fixedCurrentDate)
      #expect(try await sut.retrieve()?.feed == [])
    }
  }

  @Test("FFS-8 a directory at an image's slot is replaced by the next insert for its URL")
  func directoryAtImageSlot() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.appending(path: "store")
      let sut = FileSystemFeedStore(directory: store)
      let url = anyURL()
      let slot = imageFile(for: url, in: store)
      try FileManager.default.createDirectory(at: slot.appending(path: "inside"), withIntermediateDirectories: true)

      await #expect(throws: FileFeedStoreError.self) { try await sut.retrieve(dataForURL: url) }
      try await sut.insert(Data("image".utf8), for: url)
      #expect(try await sut.retrieve(dataForURL: url) == Data("image".utf8))
    }
  }

  @Test(
    "FFS-9 the next write removes temporary files that killed writers left, and never a live writer's",
    arguments: ShippedStore.fileStores)
  func staleTemporariesAreRemoved(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let folder = kind.feedFile(in: directory).deletingLastPathComponent()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let dead = try deadProcessID()
      let name = kind.feedFile(in: directory).lastPathComponent
      let stale = folder.appending(path: ".\(name).\(dead).42.eftmp")
      let live = folder.appending(path: ".\(name).\(getpid()).43.eftmp")
      let unrelated = folder.appending(path: ".\(name).notes")
      for file in [stale, live, unrelated] { try Data("partial".utf8).write(to: file) }

      try await kind.makeStore(in: directory).insert([], timestamp: fixedCurrentDate)

      let left = try Set(FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false)))
      #expect(!left.contains(stale.lastPathComponent))
      #expect(left.isSuperset(of: [live.lastPathComponent, unrelated.lastPathComponent, name]))
    }
  }

  @Test(
    "CFS-3 a store given a URL that is not a file URL fails every operation with a clear error, touching nothing",
    arguments: ["https://example.com/feed", "relative/path"])
  func nonFileURL(_ string: String) async throws {
    let url = try #require(URL(string: string))
    let stores: [any FeedStore] = [FileSystemFeedStore(directory: url), CodableFeedStore(storeURL: url)]
    for sut in stores {
      let expected = FileFeedStoreError.invalidLocation(url.absoluteString)
      await #expect(throws: expected) { try await sut.insert([], timestamp: fixedCurrentDate) }
      await #expect(throws: expected) { try await sut.retrieve() }
      await #expect(throws: expected) { try await sut.deleteCachedFeed() }
    }
    #expect(!FileManager.default.fileExists(atPath: "relative"))
  }
}

/// Damages the file of an image a `FileSystemFeedStore` holds, and checks retrieving it is an error and the next
/// insert for its URL replaces it.
func expectDamagedImageFileRecovers(_ damage: (inout Data) -> Void) async throws {
  try await withTemporaryDirectory { directory in
    let store = directory.appending(path: "store")
    let sut = FileSystemFeedStore(directory: store)
    let url = anyURL()
    try await sut.insert(anyData(), for: url)
    let file = imageFile(for: url, in: store)
    var bytes = try Data(contentsOf: file)
    damage(&bytes)
    try bytes.write(to: file)

    await #expect(throws: FileFeedStoreError.self) { try await sut.retrieve(dataForURL: url) }
    try await sut.insert(Data("fresh".utf8), for: url)
    #expect(try await sut.retrieve(dataForURL: url) == Data("fresh".utf8))
  }
}

/// Where a `FileSystemFeedStore` in `store` keeps `url`'s data: the SHA-256 digest of the whole URL names the file.
func imageFile(for url: URL, in store: URL) -> URL {
  store.appending(path: "images").appending(path: ImageFileFormat.fileName(for: url.absoluteString))
}

/// The id of a process that has exited, so no process has it (barring reuse within the test).
private func deadProcessID() throws -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/true")
  try process.run()
  process.waitUntilExit()
  return process.processIdentifier
}

extension ShippedStore {
  /// The file that holds the cached feed for this kind in `directory`.
  func feedFile(in directory: URL) -> URL {
    feedFile(at: location(in: directory))
  }
}
