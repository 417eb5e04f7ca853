import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// Images beside an index: large images are files beside the database, their rows the source of truth.
@Suite("SQLite image files beside the index")
struct SQLiteImageFileSpecs {
  @Test(
    "SQL-33 an image of 16 KiB or more is a file of its bytes in <database>-images/, named by 16 hex digits its row keeps (never its URL); a smaller one, or any in memory, stays in the database"
  )
  func largeImagesAreFiles() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "images.sqlite")
      let store = SQLiteImageDataStore(database: SQLiteDatabase(storeURL: file))
      let large = try #require(URL(string: "https://images.example/../../etc/passwd%2F..?q=a/b#frag"))
      let (data, small) = (bytes(16 << 10, seed: 1), Data(repeating: 2, count: (16 << 10) - 1))

      try await store.insert(data, for: large)
      try await store.insert(small, for: anyURL())

      let names = imageFiles(beside: file)
      #expect(names.count == 1, "\(names)")
      let name = try #require(names.first)
      #expect(name.wholeMatch(of: /[0-9a-f]{16}\.image/) != nil, "\(name)")
      let number = try #require(try SQLiteShell.text("SELECT file FROM image_entry WHERE file NOT NULL", in: file))
      #expect(try String(format: "%016llx", #require(Int64(number))) + ".image" == name)
      #expect(try Data(contentsOf: imagesDirectory(of: file).appending(path: name)) == data)
      #expect(try SQLiteShell.text("SELECT count(*) FROM image_data", in: file) == "1", "only the small one")
      #expect(try await store.retrieve(dataForURL: large) == data)
      #expect(try await store.storedImageDataSize() == data.count + small.count)

      let inMemory = SQLiteImageDataStore(database: .inMemory())
      try await inMemory.insert(data, for: large)
      #expect(try await inMemory.retrieve(dataForURL: large) == data)
    }
  }

  @Test(
    "SQL-34 replacing, evicting, expiring or deleting every image removes the image's file once its row's removal commits"
  )
  func removalsRemoveFiles() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "images.sqlite")
      let clock = SpecClock()
      let limits = ImageCacheLimits(maximumBytes: 100 << 10, maximumAge: 60)
      let store = SQLiteImageDataStore(
        database: SQLiteDatabase(storeURL: file), imageLimits: limits, currentDate: clock.now)
      let (a, b, c) = (anyURL().appending(path: "a"), anyURL().appending(path: "b"), anyURL().appending(path: "c"))
      let replacement = bytes(40 << 10, seed: 3)

      try await store.insert(bytes(40 << 10, seed: 2), for: a)
      try await store.insert(replacement, for: a)
      #expect(try fileContents(beside: file) == [replacement], "replaced")

      try await store.insert(bytes(40 << 10, seed: 4), for: b)
      try await store.insert(bytes(40 << 10, seed: 5), for: c)
      #expect(imageFiles(beside: file).count == 2, "a evicted")
      #expect(try await store.retrieve(dataForURL: a) == nil)

      clock.advance(by: 60)
      #expect(try await store.retrieve(dataForURL: b) == nil)
      #expect(try fileContents(beside: file) == [bytes(40 << 10, seed: 5)], "b expired")

      try await store.deleteAllImageData()
      #expect(imageFiles(beside: file) == [])
      #expect(try await store.storedImageDataSize() == 0)
    }
  }

  @Test(
    "SQL-35 files no row names (a writer killed between its file and its commit, or between a removal's commit and the file's) and temporary files are removed by the next connection's first write, never counted; other files stay"
  )
  func unindexedFilesAreRemoved() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "images.sqlite")
      let (url, data) = (anyURL(), bytes(20 << 10, seed: 6))
      let writer = SQLiteDatabase(storeURL: file)
      try await SQLiteImageDataStore(database: writer).insert(data, for: url)
      await writer.close()
      let folder = imagesDirectory(of: file)
      let kept = imageFiles(beside: file)
      for orphan in ["00000000000000ab.image", "00000000000000ac.tmp", "notes.txt"] {
        try Data(repeating: 9, count: 20 << 10).write(to: folder.appending(path: orphan))
      }

      let store = SQLiteImageDataStore(database: SQLiteDatabase(storeURL: file))
      #expect(try await store.storedImageDataSize() == data.count, "files no row names are never counted")
      try await store.insert(Data([1]), for: anyURL().appending(path: "small"))

      #expect(imageFiles(beside: file) == (kept + ["notes.txt"]).sorted())
      #expect(try await store.retrieve(dataForURL: url) == data)
    }
  }

  @Test(
    "SQL-39 a database in which nothing can be read, deleted by the image cache's first operation or by repair(), takes its image files with it",
    arguments: [true, false])
  func unreadableDatabaseTakesItsFiles(byRepair: Bool) async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "images.sqlite")
      let (url, data) = (anyURL(), bytes(20 << 10, seed: 8))
      let writer = SQLiteDatabase(storeURL: file)
      try await SQLiteImageDataStore(database: writer).insert(data, for: url)
      await writer.close()
      try Data(repeating: 0x42, count: 8_192).write(to: file)
      let database = SQLiteDatabase(storeURL: file, healing: .cache)

      if byRepair {
        #expect(try await database.repair()?.deletedFile == true)
      } else {
        #expect(try await SQLiteImageDataStore(database: database).retrieve(dataForURL: url) == nil)
      }

      #expect(imageFiles(beside: file) == [])
      #expect(try await SQLiteImageDataStore(database: database).storedImageDataSize() == 0)
    }
  }

  @Test("SQL-40 a repaired image cache says every image it kept, those in files too")
  func repairCountsImagesInFiles() async throws {
    try await withTemporaryDirectory { directory in
      let before = FeedStorage.sqlite(in: directory, imageLimits: ImageCacheLimits(maximumBytes: 1 << 20))
      let images = [(20 << 10, 9), (30 << 10, 10), (100, 11)].map {
        (anyURL().appending(path: "\($1)"), bytes($0, seed: UInt8($1)))
      }
      for (url, data) in images { try await before.images.insert(data, for: url) }
      await before.close()
      let file = directory.appending(path: FeedStorage.imageDatabaseFile)
      try SQLitePageDamage.zeroRootPage(of: "sqlite_autoindex_image_entry_1", in: file)
      let storage = FeedStorage.sqlite(in: directory, imageLimits: ImageCacheLimits(maximumBytes: 1 << 20))

      try await storage.images.insert(Data([1]), for: anyURL().appending(path: "new"))

      #expect(await storage.repairsMade().map(\.kept) == [[.images: 3]])
      for (url, data) in images { #expect(try await storage.images.retrieve(dataForURL: url) == data) }
    }
  }

  /// What happened to an image's file behind the store's back.
  enum FileDamage: String, CaseIterable, CustomTestStringConvertible {
    case missing, truncated, changed
    var testDescription: String { rawValue }
  }

  @Test(
    "SQL-36 an image whose file is missing, or whose file's bytes do not match its row's size and checksum, is never read: a cache drops it and misses, a standard store's read is an error",
    arguments: FileDamage.allCases, [SQLiteDatabase.Healing.cache, .standard])
  func damagedFilesAreNeverRead(_ damage: FileDamage, healing: SQLiteDatabase.Healing) async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appending(path: "images.sqlite")
      let (url, data) = (anyURL(), bytes(20 << 10, seed: 7))
      let store = SQLiteImageDataStore(database: SQLiteDatabase(storeURL: file, healing: healing))
      try await store.insert(data, for: url)
      let image = try #require(imageFiles(beside: file).first.map { imagesDirectory(of: file).appending(path: $0) })
      switch damage {
      case .missing: try FileManager.default.removeItem(at: image)
      case .truncated: try data.prefix(data.count - 1).write(to: image)
      case .changed: try (data.prefix(data.count - 1) + [data[data.count - 1] ^ 1]).write(to: image)
      }

      let read: Result<Data?, any Error>
      do { read = .success(try await store.retrieve(dataForURL: url)) } catch { read = .failure(error) }

      switch (damage, healing, read) {
      case (_, .standard, .failure(let error)):
        let reason =
          damage == .missing ? "the image's file is missing" : "the image's bytes do not match their checksum"
        #expect((error as? SQLiteError)?.message == reason)
      case (_, .cache, .success(nil)):
        #expect(try await store.storedImageDataSize() == 0, "the row goes")
        #expect(imageFiles(beside: file) == [])
      default: Issue.record("\(read.map { $0 == data ? "the bytes stored" : "\($0?.count ?? 0) other bytes" })")
      }
    }
  }

  @Test(
    "SQL-37 with every image a file, the image store passes every image store spec", arguments: ImageSpec.allCases)
  func everyImageAFile(_ spec: ImageSpec) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let file = directory.appending(path: "images.sqlite")
      let make: LimitedFeedImageDataStoreSpec.MakeSUT = { limits, now in
        SQLiteImageDataStore(
          database: SQLiteDatabase(storeURL: file), imageLimits: limits, currentDate: now, fileThreshold: 1)
      }
      switch spec {
      case .store(let spec):
        try await spec.verify {
          SQLiteImageDataStore(
            database: SQLiteDatabase(storeURL: file), imageLimits: nil, currentDate: Date.init, fileThreshold: 1)
        }
      case .limited(let spec): try await spec.verify(makeSUT: make)
      case .persistent(.damagedFilesAreErrors):
        // With every image a file, the database holds only the index, and the damage lands on the page of its URL
        // index that holds the first URL: SQLite keeps no checksum of its pages, so the lookup misses, as it would
        // with the image inside (the shipped threshold keeps ILP-7's images of 3,000 bytes inside, where it passes).
        try await withKnownIssue("a changed key of the URL index is a miss SQLite cannot see") {
          try await PersistentLimitedFeedImageDataStoreSpec.damagedFilesAreErrors.verify(
            location: directory, makeSUT: make)
        } matching: { issue in
          issue.comments.contains { $0.rawValue.contains("images.sqlite its last 16 bytes changed") }
        }
      case .persistent(let spec): try await spec.verify(location: directory, makeSUT: make)
      case .diskUse(let spec): try await spec.verify(location: directory, makeSUT: make)
      }
    }
  }
}
