import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation
import TestSupport
import Testing

@Suite("Cache integration on a real disk")
struct CacheIntegrationTests {
  @Test("LCI-1 a feed saved by one loader instance loads in another", arguments: ShippedStore.persistent)
  func savedFeedLoadsInAnotherInstance(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let location = kind.location(in: directory)
      let feed = makeFeed()

      try await makeLoader(kind, location).save(feed)

      #expect(try await makeLoader(kind, location).load() == feed)
    }
  }

  @Test("LCI-2 a later save by another instance overrides the earlier one", arguments: ShippedStore.persistent)
  func laterSaveOverrides(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let location = kind.location(in: directory)
      let latest = makeFeed()

      try await makeLoader(kind, location).save(makeFeed())
      try await makeLoader(kind, location).save(latest)

      #expect(try await makeLoader(kind, location).load() == latest)
    }
  }

  @Test("LCI-3 validation by another instance deletes an expired cache", arguments: ShippedStore.persistent)
  func validationDeletesExpiredCache(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let location = kind.location(in: directory)
      let now = Date()
      let eightDaysAgo = now.addingTimeInterval(-8 * 86_400)
      try await makeLoader(kind, location, now: eightDaysAgo).save(makeFeed())

      try await makeLoader(kind, location, now: now).validateCache()

      #expect(try await kind.makeStore(at: location).retrieve() == nil)
      #expect(try await makeLoader(kind, location, now: eightDaysAgo).load() == [])
    }
  }

  @Test(
    "LCI-4 a corrupt cache fails the load, validation deletes it, and the next save and load succeed",
    arguments: ShippedStore.persistent)
  func corruptCacheRecovers(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let location = kind.location(in: directory)
      try await makeLoader(kind, location).save(makeFeed())
      try Data("definitely not a cache".utf8).write(to: kind.feedFile(at: location))
      let feed = makeFeed()

      let thrown = await #expect(throws: (any Error).self) { try await makeLoader(kind, location).load() }
      #expect(
        thrown is FileFeedStoreError || thrown is SQLiteError,
        "not the store's own error: \(String(describing: thrown))")
      try await makeLoader(kind, location).validateCache()
      try await makeLoader(kind, location).save(feed)

      #expect(try await makeLoader(kind, location).load() == feed)
    }
  }

  @Test("LCI-5 image data saved by one instance loads in another")
  func imageDataPersists() async throws {
    try await withTemporaryDirectory { directory in
      let location = ShippedStore.fileSystem.location(in: directory)
      let url = try #require(URL(string: "https://images.example.com/a.jpg?size=large"))
      let data = Data((0..<32_768).map { UInt8($0 % 251) })

      try await LocalFeedImageDataLoader(store: FileSystemFeedStore(directory: location)).save(data, for: url)

      #expect(
        try await LocalFeedImageDataLoader(store: FileSystemFeedStore(directory: location)).loadImageData(from: url)
          == data)
    }
  }

  // MARK: - Helpers

  private func makeLoader(_ kind: ShippedStore, _ location: URL, now: Date = Date()) -> LocalFeedLoader {
    LocalFeedLoader(store: kind.makeStore(at: location), currentDate: { now })
  }

  private func makeFeed() -> [FeedImage] {
    (0..<20).map { index in
      FeedImage(
        id: UUID(),
        description: index.isMultiple(of: 2) ? "description \(index) — ünïcödé" : nil,
        location: index.isMultiple(of: 3) ? nil : "location \(index)",
        url: URL(string: "https://images.example.com/\(UUID().uuidString).jpg") ?? URL(fileURLWithPath: "/")
      )
    }
  }
}
