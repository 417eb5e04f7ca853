import EssentialFeed
import EssentialFeedCache
import Foundation

extension FeedStorage {
  /// The SQLite storage's database (its feed, search, pending likes and page list); the file-system storage keeps its
  /// page list there too.
  public static let databaseFile = "feed.sqlite"
  /// The SQLite storage's image cache, a database of its own: deleting it loses nothing another store keeps.
  public static let imageDatabaseFile = "images.sqlite"
  /// The SQLite storage's liked list, in a database of its own.
  public static let likedListDatabaseFile = "likes.sqlite"

  /// Every store on SQLite in `directory`: the feed, the last search, the pending likes and the page list on one
  /// database (``databaseFile``, one connection), the liked list and the image cache on one each. A damaged page
  /// heals (``FeedStorage/repair()``, and any write that meets it); the image cache, a cache, heals itself on the
  /// first operation that meets the damage (``SQLiteDatabase/Healing/cache``).
  ///
  /// - Parameters:
  ///   - directory: The directory of the databases; it is created on the first write.
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public static func sqlite(
    in directory: URL, imageLimits: ImageCacheLimits? = nil, currentDate: @escaping @Sendable () -> Date = Date.init
  ) -> FeedStorage {
    let open = { (file: String) in SQLiteDatabase(storeURL: directory.appending(path: file)) }
    let (database, liked) = (open(databaseFile), open(likedListDatabaseFile))
    let images = SQLiteDatabase(storeURL: directory.appending(path: imageDatabaseFile), healing: .cache)
    return FeedStorage(
      feed: SQLiteFeedCache(database: database), search: SQLiteSearchStore(database: database),
      pages: SQLitePageStore(database: database), pendingLikes: SQLitePendingLikeStore(database: database),
      likedList: SQLiteFeedCache(database: liked),
      images: SQLiteImageDataStore(database: images, imageLimits: imageLimits, currentDate: currentDate),
      close: { for database in [database, liked, images] { await database.close() } },
      repairs: .sqlite([
        (
          database, ["feed_image": .feed, "search_result": .search, "feed_page": .pages, "pending_like": .pendingLikes]
        ),
        // Images by their rows in the index (counted after the repair reconciled it): those in files have no data row.
        (liked, ["feed_image": .likedList]), (images, ["image_entry": .images]),
      ]))
  }

  /// Every store as files in `directory`, on one ``FileSystemStoreDirectory``: the feed, the last search, the pending
  /// likes, the page list and the image cache (`images/` and `images.index`); the liked list in its `likes` directory.
  /// The file-system image cache is this kind's, not SQLite's: it inserted 1,000 images of 32 KB with eviction in
  /// about half the time and looked them up 1.3 times as fast, measured side by side on one disk.
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
    let (search, likes) = (FileSystemSearchStore(directory: files), FileSystemPendingLikeStore(directory: files))
    let pages = FileSystemPageStore(directory: files)
    let images = FileSystemImageDataStore(directory: files, imageLimits: imageLimits, currentDate: currentDate)
    return FeedStorage(
      feed: FileSystemFeedCache(directory: files), search: search, pages: pages, pendingLikes: likes,
      likedList: FileSystemFeedCache(directory: liked), images: images,
      close: {
        await search.close()
        await likes.close()
        await pages.close()
        await images.close()
      })
  }
}

extension FeedStorage.Kind {
  /// Files in a directory: ``FeedStorage/fileSystem(in:imageLimits:currentDate:)``. Its feed is in `feed.cache`, its
  /// image cache indexed by `images.index`.
  public static let fileSystem = FeedStorage.Kind(
    name: "filesystem", feedFile: "feed.cache", imageCacheFile: "images.index"
  ) {
    FeedStorage.fileSystem(in: $0, imageLimits: $1, currentDate: $2)
  }

  /// SQLite databases in a directory: ``FeedStorage/sqlite(in:imageLimits:currentDate:)``. Its feed is in
  /// ``FeedStorage/databaseFile``.
  public static let sqlite = FeedStorage.Kind(
    name: "sqlite", feedFile: FeedStorage.databaseFile, imageCacheFile: FeedStorage.imageDatabaseFile
  ) {
    FeedStorage.sqlite(in: $0, imageLimits: $1, currentDate: $2)
  }

  /// Every persistent kind the package ships, the file system first (the `feed` app's default).
  public static let persistent: [FeedStorage.Kind] = [.fileSystem, .sqlite]
}
