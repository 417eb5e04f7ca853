import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation
import TestSupport

/// Every store the package ships, with how to make one in a test's temporary directory and how to make it fail.
enum StoreUnderTest: String, CaseIterable, Sendable {
  case inMemory = "memory"
  case codable
  case fileSystem = "filesystem"
  case sqlite
  case sqliteInMemory = "sqlite-memory"
  /// Two `SQLiteFeedStore` instances on one file, used in turn: they must behave as one store.
  case sqliteTwoInstances

  static let imageDataStores = ShippedStore.imageDataStores.compactMap { StoreUnderTest(rawValue: $0.rawValue) }
  static let persistent = ShippedStore.persistent.compactMap { StoreUnderTest(rawValue: $0.rawValue) }

  /// The shipped store this case runs, or `nil` for the two-instance arrangement.
  private var shipped: ShippedStore? { ShippedStore(rawValue: rawValue) }

  /// A new instance on the store's location in `directory`; persistent stores share that location.
  func make(in directory: URL) -> any FeedStore {
    guard let shipped else {
      let location = ShippedStore.sqlite.location(in: directory)
      return AlternatingStore(SQLiteFeedStore(storeURL: location), SQLiteFeedStore(storeURL: location))
    }
    return shipped.makeStore(in: directory)
  }

  func makeImageDataStore(in directory: URL) -> (any FeedImageDataStore)? {
    shipped?.makeImageDataStore(in: directory)
  }

  /// Stores that fail: see ``ShippedStore/failures(in:)``.
  func failures(in directory: URL) throws -> FeedStoreFailures {
    guard let shipped else { throw CocoaError(.featureUnsupported) }
    return try shipped.failures(in: directory)
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
