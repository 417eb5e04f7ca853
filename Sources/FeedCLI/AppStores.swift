import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

/// Every store the app keeps in its cache directory, and the files they live in: the one place that says which store
/// kind keeps what. The feed, the last search and the pending likes live in the kind's store; the liked list in one of
/// its own of the same kind; the image cache and `feed browse`'s page list in SQLite files, whatever the kind.
///
/// Making a store reads nothing: each opens its files on its first operation.
struct AppStores {
  /// The SQLite kind's database, which also holds the page list of every kind.
  static let databaseFile = "feed.sqlite"
  /// The image cache.
  static let imagesFile = "images.sqlite"

  let directory: URL
  /// The feed, the last search and the pending likes.
  let main: any FeedStore & FeedImageDataStore & FeedSearchStore & RecoverablePendingLikeActionStore
  /// The liked list the server sent last.
  let likedList: any FeedStore

  init(_ kind: StoreKind, in directory: URL) {
    self.directory = directory
    switch kind {
    case .filesystem:
      main = FileSystemFeedStore(directory: directory)
      likedList = FileSystemFeedStore(directory: directory.appending(path: "likes"))
    case .sqlite:
      main = SQLiteFeedStore(storeURL: directory.appending(path: Self.databaseFile))
      likedList = SQLiteFeedStore(storeURL: directory.appending(path: "likes.sqlite"))
    }
  }

  /// `feed browse`'s page list: in the database, whatever the kind.
  var pages: SQLiteFeedStore { Self.pages(in: directory) }

  static func pages(in directory: URL) -> SQLiteFeedStore {
    SQLiteFeedStore(storeURL: directory.appending(path: databaseFile))
  }

  /// The image cache, within `limits`.
  static func images(
    in directory: URL, limits: ImageCacheLimits, now: @escaping @Sendable () -> Date
  ) -> SQLiteFeedStore {
    SQLiteFeedStore(storeURL: directory.appending(path: imagesFile), imageLimits: limits, currentDate: now)
  }

  /// The image cache's path in the cache directory at `directory`, for messages.
  static func imagesPath(in directory: String) -> String {
    URL(fileURLWithPath: directory, isDirectory: true).appending(path: imagesFile).path(percentEncoded: false)
  }
}
