import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@Suite("CodableFeedStore")
struct CodableFeedStoreSpecs {
  @Test("CFS-1 creates the file and missing directories readable by the user only, and on insert")
  func createsPrivateFileAndDirectories() async throws {
    try await withTemporaryDirectory { directory in
      let nested = directory.appending(path: "a/b", directoryHint: .isDirectory)
      let url = nested.appending(path: "feed.json")
      let sut = CodableFeedStore(storeURL: url)
      #expect(!FileManager.default.fileExists(atPath: nested.path(percentEncoded: false)))

      try await sut.insert([], timestamp: Date())

      #expect(try permissions(of: url) == 0o600)
      #expect(try permissions(of: nested) == 0o700)
      #expect(try permissions(of: directory.appending(path: "a")) == 0o700)
    }
  }

  @Test("CFS-2 a file of another format version is a corrupt-cache error, and validation-style deletion recovers")
  func unknownVersionIsCorrupt() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.json")
      try Data(#"{"version": 2, "timestamp": 0, "feed": []}"#.utf8).write(to: url)
      let sut = CodableFeedStore(storeURL: url)

      await #expect(throws: FileFeedStoreError.self) { try await sut.retrieve() }
      try await sut.deleteCachedFeed()
      #expect(try await sut.retrieve() == nil)
    }
  }
}
