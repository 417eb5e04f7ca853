import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

@Suite("Image stores with limits")
struct LimitedImageStoreSpecs {
  static let kinds = ShippedStore.offering((any LimitedFeedImageDataStore).self)

  @Test("passes the LimitedFeedImageDataStore specs", arguments: kinds, LimitedFeedImageDataStoreSpec.allCases)
  func passesSpecs(kind: ShippedStore, spec: LimitedFeedImageDataStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { limits, now in
        try #require(kind.makeLimitedImageStore(in: directory, limits: limits, currentDate: now))
      }
    }
  }

  @Test(
    "passes the persistent LimitedFeedImageDataStore specs",
    arguments: ShippedStore.offering((any LimitedFeedImageDataStore).self, persistentOnly: true),
    PersistentLimitedFeedImageDataStoreSpec.allCases)
  func persists(kind: ShippedStore, spec: PersistentLimitedFeedImageDataStoreSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify { limits, now in
        try #require(kind.makeLimitedImageStore(in: directory, limits: limits, currentDate: now))
      }
    }
  }

  @Test(
    "passes the image cache disk use spec",
    arguments: ShippedStore.offering((any LimitedFeedImageDataStore).self, persistentOnly: true),
    ImageCacheDiskUseSpec.allCases)
  func diskUse(kind: ShippedStore, spec: ImageCacheDiskUseSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try await spec.verify(location: directory) { limits, now in
        try #require(kind.makeLimitedImageStore(in: directory, limits: limits, currentDate: now))
      }
    }
  }
}

@Suite("SQLite image cache: persistence and its index")
struct SQLiteImageIndexSpecs {
  let limits = ImageCacheLimits(maximumBytes: 1_000, maximumAge: 3_600)

  @Test(
    "ICL-8 a second instance keeps the limit and the order of use of the first",
    arguments: ShippedStore.offering((any LimitedFeedImageDataStore).self, persistentOnly: true))
  func acrossInstances(kind: ShippedStore) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let (a, b, c) = (url("a"), url("b"), url("c"))
      let make = { try #require(kind.makeLimitedImageStore(in: directory, limits: limits, currentDate: Date.init)) }
      let first = try make()
      try await first.insert(Data(count: 400), for: a)
      try await first.insert(Data(count: 400), for: b)
      _ = try await first.retrieve(dataForURL: a)
      try await first.insert(Data(count: 100), for: url("d"))  // records the read of a

      let second = try make()
      try await second.insert(Data(count: 400), for: c)

      #expect(try await second.storedImageDataSize() == 900)
      #expect(try await second.retrieve(dataForURL: b) == nil)
      #expect(try await second.retrieve(dataForURL: a)?.count == 400)
    }
  }

  @Test(
    "ICL-21 reads are saved by flush(), never when the store is released: after a read and a new instance, the image used least recently by what was saved goes first",
    arguments: ShippedStore.offering((any LimitedFeedImageDataStore).self, persistentOnly: true), [false, true])
  func readsSurviveANewInstance(kind: ShippedStore, flushing: Bool) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let (a, b) = (url("a"), url("b"))
      let make = { try #require(kind.makeLimitedImageStore(in: directory, limits: limits, currentDate: Date.init)) }
      var first: (any LimitedFeedImageDataStore)? = try make()
      for name in ["a", "b", "c"] { try await first?.insert(Data(count: 300), for: url(name)) }
      #expect(try await first?.retrieve(dataForURL: a)?.count == 300)
      if flushing {
        try await first?.flush()  // The app ending a command, or going to the background.
      } else {
        first = nil  // Released without flush(): no I/O in deinit, the read's use is lost (never an image).
      }

      let second = try make()
      try await second.insert(Data(count: 300), for: url("d"))

      let (evicted, kept) = flushing ? (b, a) : (a, b)
      #expect(try await second.retrieve(dataForURL: evicted) == nil, "\(evicted.lastPathComponent) goes first")
      #expect(try await second.retrieve(dataForURL: kept)?.count == 300, "\(kept.lastPathComponent) is kept")
      withExtendedLifetime(first) {}
    }
  }

  @Test(
    "ICL-9 a lost or damaged index is rebuilt from the images on the next write; never a crash",
    arguments: ["DROP TABLE image_entry", "DELETE FROM image_total", "DROP TABLE image_total"])
  func indexLoss(damage: String) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let file = directory.appending(path: "feed.sqlite")
      let store = SQLiteFeedStore(storeURL: file, imageLimits: limits)
      for name in ["a", "b"] { try await store.insert(Data(count: 300), for: url(name)) }
      try SQLiteShell.execute(damage, in: file)

      let reopened = SQLiteFeedStore(storeURL: file, imageLimits: limits)
      #expect(try await reopened.retrieve(dataForURL: url("a"))?.count == 300)
      #expect(try await reopened.storedImageDataSize() == 600)
      try await reopened.insert(Data(count: 500), for: url("c"))

      #expect(try await reopened.storedImageDataSize() <= 1_000)
      #expect(try await reopened.retrieve(dataForURL: url("c"))?.count == 500)
    }
  }

  @Test("ICL-10 images stored before the index (no limits, an older database) are indexed and limited on first write")
  func olderDatabase() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let file = directory.appending(path: "feed.sqlite")
      let unlimited = SQLiteFeedStore(storeURL: file)
      for name in ["a", "b", "c"] { try await unlimited.insert(Data(count: 400), for: url(name)) }
      try SQLiteShell.execute("DROP TABLE image_entry; DROP TABLE image_total", in: file)

      let limited = SQLiteFeedStore(storeURL: file, imageLimits: limits)
      try await limited.insert(Data(count: 100), for: url("d"))

      #expect(try await limited.storedImageDataSize() == 900)
      #expect(try await limited.retrieve(dataForURL: url("a")) == nil)
    }
  }

  @Test("ICL-24 an image cache an older version made is not rewritten for the disk bound: it keeps its mode and images")
  func olderDatabaseIsNotRewritten() async throws {
    try await SQLiteFixtureContents.withFixture("version1") { file in  // written by a version before ILP-5
      let limited = SQLiteFeedStore(storeURL: file, imageLimits: ImageCacheLimits(maximumBytes: 1 << 20))
      try await limited.insert(Data(count: 32 << 10), for: url("new"))

      #expect(try SQLiteConnection(path: file.path(percentEncoded: false)).integer("PRAGMA auto_vacuum") == 0)
      let old = SQLiteFixtureContents.imageData
      #expect(try await limited.storedImageDataSize() == old.map(\.data.count).reduce(32 << 10, +))
      for (url, data) in old { #expect(try await limited.retrieve(dataForURL: url) == data) }
    }
  }

  private func url(_ name: String) -> URL {
    URL(fileURLWithPath: "/").appending(path: name)
  }
}

@Suite("Image stores: hostile URLs")
struct HostileImageURLSpecs {
  static let urls: [URL] = [
    "https://a.com/" + String(repeating: "x", count: 10_240), "https://a.com/caf%C3%A9/%E6%9D%B1%E4%BA%AC.png",
    "https://a.com/../../../etc/passwd", "https://a.com/%2E%2E%2F%2E%2E%2Fescape", "https://a.com/a%2Fb",
    "https://a.com/a/b", "https://a.com/Image.png", "https://a.com/image.png", "https://a.com/image.png?size=1",
    "https://a.com/image.png?size=2", "https://a.com/image.png#top", "file:///../../outside",
  ].compactMap(URL.init(string:))

  @Test(
    "ICL-11 hostile URLs (10 KB, Unicode, .., encoded slashes) stay in the store, and URLs differing in case, query or fragment never share an entry",
    arguments: ShippedStore.imageDataStores)
  func hostileURLs(kind: ShippedStore) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let sut = try #require(kind.makeImageDataStore(in: directory))
      #expect(Self.urls.count == 12)
      for (index, url) in Self.urls.enumerated() { try await sut.insert(Data("image \(index)".utf8), for: url) }

      for (index, url) in Self.urls.enumerated() {
        #expect(
          try await sut.retrieve(dataForURL: url) == Data("image \(index)".utf8), "\(url.absoluteString.prefix(60))")
      }
      var location = kind.location(in: directory).standardizedFileURL.path(percentEncoded: false)
      if location.hasSuffix("/") { location.removeLast() }
      let files = FileManager.default.enumerator(atPath: directory.path(percentEncoded: false))?.allObjects ?? []
      for case let file as String in files {
        let path = directory.appending(path: file).standardizedFileURL.path(percentEncoded: false)
        #expect(path.hasPrefix(location), "\(path) is outside the store's location \(location)")
      }
    }
  }
}
