import EssentialFeed
import EssentialFeedCache
import Foundation

extension FeedStorage {
  /// The SQLite storage's database (its feed, search, pending likes and page list); the file-system storage keeps its
  /// page list there too.
  public static let databaseFile = "feed.sqlite"
  /// The image cache's database, whatever the kind: deleting it loses nothing another store keeps.
  public static let imageDatabaseFile = "images.sqlite"
  /// The SQLite storage's liked list, in a database of its own.
  public static let likedListDatabaseFile = "likes.sqlite"

  /// Every store on SQLite in `directory`: the feed, the last search, the pending likes and the page list on one
  /// database (``databaseFile``, one connection), the liked list and the image cache on one each.
  ///
  /// - Parameters:
  ///   - directory: The directory of the databases; it is created on the first write.
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public static func sqlite(
    in directory: URL, imageLimits: ImageCacheLimits? = nil, currentDate: @escaping @Sendable () -> Date = Date.init
  ) -> FeedStorage {
    let open = { (file: String) in SQLiteDatabase(storeURL: directory.appending(path: file)) }
    let (database, liked, images) = (open(databaseFile), open(likedListDatabaseFile), open(imageDatabaseFile))
    return FeedStorage(
      feed: SQLiteFeedCache(database: database), search: SQLiteSearchStore(database: database),
      pages: SQLitePageStore(database: database), pendingLikes: SQLitePendingLikeStore(database: database),
      likedList: SQLiteFeedCache(database: liked),
      images: SQLiteImageDataStore(database: images, imageLimits: imageLimits, currentDate: currentDate),
      close: { for database in [database, liked, images] { await database.close() } })
  }

  /// The feed, the last search, the pending likes and the page list as files in `directory` (one
  /// ``FileSystemStoreDirectory``), the liked list in its `likes` directory; the image cache on SQLite, in
  /// ``imageDatabaseFile``.
  ///
  /// - Parameters:
  ///   - directory: The directory of the files; it is created on the first write.
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public static func fileSystem(
    in directory: URL, imageLimits: ImageCacheLimits? = nil, currentDate: @escaping @Sendable () -> Date = Date.init
  ) -> FeedStorage {
    let files = FileSystemStoreDirectory(directory: directory)
    let liked = FileSystemStoreDirectory(directory: directory.appending(path: "likes", directoryHint: .isDirectory))
    let images = SQLiteDatabase(storeURL: directory.appending(path: imageDatabaseFile))
    let (search, likes) = (FileSystemSearchStore(directory: files), FileSystemPendingLikeStore(directory: files))
    let pages = FileSystemPageStore(directory: files)
    return FeedStorage(
      feed: FileSystemFeedCache(directory: files), search: search, pages: pages, pendingLikes: likes,
      likedList: FileSystemFeedCache(directory: liked),
      images: SQLiteImageDataStore(database: images, imageLimits: imageLimits, currentDate: currentDate),
      close: {
        await search.close()
        await likes.close()
        await pages.close()
        await images.close()
      })
  }
}

extension FeedStorage.Kind {
  /// Files in a directory: ``FeedStorage/fileSystem(in:imageLimits:currentDate:)``. Its feed is in `feed.cache`.
  public static let fileSystem = FeedStorage.Kind(name: "filesystem", feedFile: "feed.cache") {
    FeedStorage.fileSystem(in: $0, imageLimits: $1, currentDate: $2)
  }

  /// SQLite databases in a directory: ``FeedStorage/sqlite(in:imageLimits:currentDate:)``. Its feed is in
  /// ``FeedStorage/databaseFile``.
  public static let sqlite = FeedStorage.Kind(name: "sqlite", feedFile: FeedStorage.databaseFile) {
    FeedStorage.sqlite(in: $0, imageLimits: $1, currentDate: $2)
  }

  /// Every persistent kind the package ships, the file system first (the `feed` app's default).
  public static let persistent: [FeedStorage.Kind] = [.fileSystem, .sqlite]
}
