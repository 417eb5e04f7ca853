import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Testing

/// The helpers a store author runs the specs with: a temporary directory, and locations where a store fails.
@Suite("The shipped store locations")
struct SpecSuiteStoreLocationSpecs {
  @Test("SS-21 a temporary store directory exists, empty, for its body and is removed after, even when it throws")
  func temporaryDirectoryIsRemoved() async throws {
    var used: [URL] = []
    try await withTemporaryStoreDirectory { directory in
      used.append(directory)
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false)) == [])
      try Data("a file".utf8).write(to: directory.appending(path: "nested-file"))
    }
    await #expect(throws: BrokenStoreError.self) {
      try await withTemporaryStoreDirectory { directory in
        used.append(directory)
        throw BrokenStoreError()
      }
    }

    #expect(used.count == 2 && used[0] != used[1])
    for directory in used {
      #expect(!FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)))
    }
  }

  @Test(
    "SS-22 a corrupt file and an unwritable location make a real store pass every failable spec, as root too",
    arguments: FailableFeedStoreSpec.allCases)
  func failingLocations(_ spec: FailableFeedStoreSpec) async throws {
    try await withTemporaryStoreDirectory { directory in
      let corrupt = directory.appending(path: "corrupt/feed.json")
      try writeCorruptStoreFile(at: corrupt)
      let unwritable = try makeUnwritableStoreLocation(in: directory, named: "feed.json")
      #expect(throws: (any Error).self) { try Data().write(to: unwritable) }
      try await spec.verify(
        FeedStoreFailures(
          retrieval: { CodableFeedStore(storeURL: corrupt) },
          insertion: { CodableFeedStore(storeURL: unwritable) },
          deletion: { CodableFeedStore(storeURL: unwritable) }))
    }
  }
}
