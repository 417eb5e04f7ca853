import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation
import TestSupport
import Testing

/// `FeedStorage`, the one value that describes a composition root's stores: each preset gives the six stores of
/// their own capability on one backend per file, each keeps its own data, a new value of a persistent kind reads what
/// an earlier one wrote, and `close()` leaves nothing open.
@Suite("FeedStorage")
struct FeedStorageSpecs {
  /// The presets, by name, in `directory`.
  static let presets: [String] = ["memory"] + FeedStorage.Kind.persistent.map(\.name)

  static func storage(_ preset: String, in directory: URL) throws -> FeedStorage {
    guard preset != "memory" else { return .inMemory(imageLimits: .init(maximumBytes: 1 << 20)) }
    let kind = try #require(FeedStorage.Kind.persistent.first { $0.name == preset })
    return kind.storage(in: directory, imageLimits: .init(maximumBytes: 1 << 20))
  }

  @Test(
    "STG-1 each store of a storage keeps its own data: writing one leaves the five others empty", arguments: presets)
  func storesKeepTheirOwnData(preset: String) async throws {
    try await withTemporaryDirectory { directory in
      for written in Written.allCases {
        let storage = try Self.storage(preset, in: directory.appending(path: "\(written)"))
        try await written.write(to: storage)
        #expect(try await Written.contents(of: storage) == [written], "only \(written) holds data in \(preset)")
        await storage.close()
      }
    }
  }

  @Test(
    "STG-2 a new storage of a persistent kind on the directory reads what an earlier one wrote, after its close()",
    arguments: FeedStorage.Kind.persistent)
  func persistentKindsKeepEverything(kind: FeedStorage.Kind) async throws {
    try await withTemporaryDirectory { directory in
      let first = kind.storage(in: directory)
      for written in Written.allCases { try await written.write(to: first) }
      await first.close()

      #expect(try await Written.contents(of: kind.storage(in: directory)) == Set(Written.allCases))
      #expect(
        FileManager.default.fileExists(atPath: directory.appending(path: kind.feedFile).path(percentEncoded: false)),
        "the feed is in the kind's feed file, \(kind.feedFile)")
    }
  }

  @Test("STG-3 close() leaves no file of the storage's directory open; a store used after opens it again")
  func closeLeavesNothingOpen() async throws {
    try #require(FileManager.default.fileExists(atPath: "/proc/self/fd"), "descriptors are listed in /proc (Linux)")
    for kind in FeedStorage.Kind.persistent {
      try await withTemporaryDirectory { directory in
        let storage = kind.storage(in: directory)
        for written in Written.allCases { try await written.write(to: storage) }
        #expect(!openFiles(in: directory).isEmpty, "\(kind): the stores keep their files open while used")

        await storage.close()
        let open = openFiles(in: directory)
        #expect(open == [], "\(kind): open after close()")
        #expect(try await Written.contents(of: storage) == Set(Written.allCases), "\(kind): usable after close()")
        await storage.close()
      }
    }
  }

  @Test("STG-4 the persistent kinds have distinct names and feed files: a directory tells which kind wrote it")
  func kindsAreDistinct() {
    let kinds = FeedStorage.Kind.persistent
    #expect(Set(kinds.map(\.name)).count == kinds.count)
    #expect(Set(kinds.map(\.feedFile)).count == kinds.count)
    #expect(kinds.first == .fileSystem, "the file system first: the app's default")
  }

  /// The files under `directory` the process holds open.
  private func openFiles(in directory: URL) -> [String] {
    var root = directory.resolvingSymlinksInPath().path(percentEncoded: false)
    while root.hasSuffix("/") { root.removeLast() }
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
      .filter { $0.hasPrefix(root + "/") }.sorted()
  }
}

/// What a test writes to one store of a storage, and how to tell which stores hold data.
private enum Written: String, CaseIterable, CustomStringConvertible {
  case feed, search, pages, pendingLikes, likedList, images

  var description: String { rawValue }

  private static let image = LocalFeedImage(
    id: UUID(), description: nil, location: nil, url: URL(fileURLWithPath: "/image"))
  private static let now = Date(timeIntervalSinceReferenceDate: 1_000)

  func write(to storage: FeedStorage) async throws {
    switch self {
    case .feed: try await storage.feed.insert([Self.image], timestamp: Self.now)
    case .search: try await storage.search.replaceSearch(with: [Self.image], for: "k", timestamp: Self.now)
    case .pages: _ = try await storage.pages.appendPage([Self.image])
    case .pendingLikes:
      try await storage.pendingLikes.enqueue(PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Self.now))
    case .likedList: try await storage.likedList.insert([Self.image], timestamp: Self.now)
    case .images: try await storage.images.insert(Data("image".utf8), for: Self.image.url)
    }
  }

  /// The stores of `storage` that hold something.
  static func contents(of storage: FeedStorage) async throws -> Set<Written> {
    var holding = Set<Written>()
    if try await storage.feed.retrieve() != nil { holding.insert(.feed) }
    if try await storage.search.retrieveSearch() != nil { holding.insert(.search) }
    if try await storage.pages.pageImageCount() > 0 { holding.insert(.pages) }
    if try await !storage.pendingLikes.pendingActions().isEmpty { holding.insert(.pendingLikes) }
    if try await storage.likedList.retrieve() != nil { holding.insert(.likedList) }
    if try await storage.images.storedImageDataSize() > 0 { holding.insert(.images) }
    return holding
  }
}
