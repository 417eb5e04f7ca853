import EssentialFeedCache
import Foundation
import Synchronization

// Stores whose instances share a location, each wrong in the way a PersistentFeedStoreSpec guards against.
// `PersistentFeedStoreSpec.brokenStore` pairs them with their spec; FSP-1's is `InMemoryFeedStore`, which keeps
// nothing anywhere another instance could read it.

/// What several instances of a store see as one file.
final class SharedLocation: Sendable {
  private let cache = Mutex<CachedFeed?>(nil)

  func read() -> CachedFeed? { cache.withLock { $0 } }
  func write(_ new: CachedFeed?) { cache.withLock { $0 = new } }
}

/// FSP-2: writes only a file it created: an instance that finds another's file ignores its own inserts, as one
/// that opens with `O_CREAT | O_EXCL` and shrugs off `EEXIST` would.
actor CreateOnlyStore: FeedStore {
  private let location: SharedLocation
  private var createdTheFile = false

  init(location: SharedLocation) {
    self.location = location
  }

  func deleteCachedFeed() {
    location.write(nil)
    createdTheFile = false
  }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    guard createdTheFile || location.read() == nil else { return }
    location.write(CachedFeed(feed: feed, timestamp: timestamp))
    createdTheFile = true
  }
  func retrieve() -> CachedFeed? { location.read() }
}

/// FSP-3: a delete only marks its own instance empty and leaves the file, so other instances still read the cache.
actor LocalDeleteStore: FeedStore {
  private let location: SharedLocation
  private var deleted = false

  init(location: SharedLocation) {
    self.location = location
  }

  func deleteCachedFeed() { deleted = true }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    location.write(CachedFeed(feed: feed, timestamp: timestamp))
    deleted = false
  }
  func retrieve() -> CachedFeed? { deleted ? nil : location.read() }
}
