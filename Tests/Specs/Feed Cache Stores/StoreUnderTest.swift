import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation
import TestSupport

/// Every store the package ships, with how to make one in a test's temporary directory and how to make it fail.
enum StoreUnderTest: String, CaseIterable, Sendable {
  case inMemory
  case codable
  case fileSystem
  case sqlite
  case sqliteInMemory
  /// Two `SQLiteFeedStore` instances on one file, used in turn: they must behave as one store.
  case sqliteTwoInstances

  static let imageDataStores: [StoreUnderTest] = [.inMemory, .fileSystem, .sqlite, .sqliteInMemory]
  static let persistent: [StoreUnderTest] = [.codable, .fileSystem, .sqlite]

  /// A new instance on the store's location in `directory`; persistent stores share that location.
  func make(in directory: URL) -> any FeedStore {
    switch self {
    case .inMemory: InMemoryFeedStore()
    case .codable: CodableFeedStore(storeURL: directory.appending(path: "feed.json"))
    case .fileSystem: FileSystemFeedStore(directory: directory.appending(path: "store"))
    case .sqlite: SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite"))
    case .sqliteInMemory: SQLiteFeedStore.inMemory()
    case .sqliteTwoInstances:
      AlternatingStore(
        SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite")),
        SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite")))
    }
  }

  func makeImageDataStore(in directory: URL) -> (any FeedImageDataStore)? {
    switch self {
    case .inMemory: InMemoryFeedStore()
    case .fileSystem: FileSystemFeedStore(directory: directory.appending(path: "store"))
    case .sqlite: SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite"))
    case .sqliteInMemory: SQLiteFeedStore.inMemory()
    case .codable, .sqliteTwoInstances: nil
    }
  }

  /// Stores that fail: a damaged file to retrieve, and locations below a regular file, where nothing can be written
  /// or deleted, even by root.
  func failures(in directory: URL) throws -> FeedStoreFailures {
    let blocker = try makeRegularFile(in: directory)
    let damaged = directory.appending(path: "damaged", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: damaged, withIntermediateDirectories: true)
    let kind = self
    return FeedStoreFailures(
      retrieval: {
        try FileManager.default.createDirectory(at: damaged.appending(path: "store"), withIntermediateDirectories: true)
        let file: URL =
          switch kind {
          case .fileSystem: damaged.appending(path: "store/feed.cache")
          case .codable: damaged.appending(path: "feed.json")
          default: damaged.appending(path: "feed.sqlite")
          }
        try Data(repeating: 0x2A, count: 4_096).write(to: file)
        return kind.make(in: damaged)
      },
      insertion: { kind.make(in: blocker.appending(path: "sub")) },
      deletion: { kind.make(in: blocker) }
    )
  }
}

/// Sends each operation to one of two stores in turn: two instances on one file must behave as one store.
actor AlternatingStore: FeedStore {
  private let stores: [any FeedStore]
  private var next = 0

  init(_ first: any FeedStore, _ second: any FeedStore) {
    stores = [first, second]
  }

  private func pick() -> any FeedStore {
    defer { next = (next + 1) % stores.count }
    return stores[next]
  }

  func deleteCachedFeed() async throws { try await pick().deleteCachedFeed() }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    try await pick().insert(feed, timestamp: timestamp)
  }
  func retrieve() async throws -> CachedFeed? { try await pick().retrieve() }
  func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) async throws {
    try await pick().replaceCachedFeed(with: feed, timestamp: timestamp)
  }
}
