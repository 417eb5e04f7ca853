import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation
import TestSupport

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
