import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

extension AppEnvironment {
  /// The other kind of store, when its store in the directory holds a valid feed: what to say when this kind's holds
  /// none, for a user who saved with the other `--store-kind`. Only read, and only when its file is there.
  func otherKindHoldingAFeed() async -> FeedStorage.Kind? {
    guard let other = FeedStorage.Kind.persistent.first(where: { $0 != options.storeKind }),
      FileManager.default.fileExists(atPath: directory.appending(path: other.feedFile).path(percentEncoded: false))
    else { return nil }
    let storage = other.storage(in: directory, imageLimits: options.imageLimits, currentDate: options.now)
    let feed = try? await LocalFeedLoader(store: storage.feed, currentDate: options.now).load()
    await storage.close()
    guard let feed, !feed.isEmpty else { return nil }
    return other
  }
}
