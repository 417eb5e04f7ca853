import EssentialFeedCache
import Foundation

extension StoreKind {
  /// The file of the directory that holds this kind's feed.
  var feedFile: String {
    switch self {
    case .filesystem: "feed.cache"
    case .sqlite: FeedComposer.databaseFile
    }
  }
}

extension AppEnvironment {
  /// The other kind of store, when its store in the directory holds a valid feed: what to say when this kind's holds
  /// none, for a user who saved with the other `--store-kind`. Only read, and only when its file is there.
  func otherKindHoldingAFeed() async -> StoreKind? {
    guard let other = StoreKind.allCases.first(where: { $0 != options.storeKind }),
      FileManager.default.fileExists(atPath: directory.appending(path: other.feedFile).path(percentEncoded: false))
    else { return nil }
    let composer = FeedComposer(
      server: nil, client: composer.client, storeKind: other, directory: directory, imageLimits: options.imageLimits,
      now: options.now)
    guard let feed = try? await composer.localFeed.load(), !feed.isEmpty else { return nil }
    return other
  }
}
