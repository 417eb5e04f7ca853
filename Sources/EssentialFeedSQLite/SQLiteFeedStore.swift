import EssentialFeedCache
import Foundation

/// Every SQLite store on one database, as one type: the façade that keeps `SQLiteFeedStore(storeURL:)` compiling.
///
/// New code opens one ``SQLiteDatabase`` and makes the store of each capability it needs on it
/// (``SQLiteFeedCache``, ``SQLiteImageDataStore``, ``SQLiteSearchStore``, ``SQLitePageStore``,
/// ``SQLitePendingLikeStore``); this type makes all five on a database of its own and forwards to them, on the
/// database's executor, so each operation stays atomic and histories linearizable.
public actor SQLiteFeedStore: FeedStore, LimitedFeedImageDataStore {
  /// The database the five stores share.
  public nonisolated let database: SQLiteDatabase
  let feedCache: SQLiteFeedCache
  let images: SQLiteImageDataStore
  let search: SQLiteSearchStore
  let pages: SQLitePageStore
  let likes: SQLitePendingLikeStore

  /// The database's executor, shared with the stores it forwards to.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { database.unownedExecutor }

  /// Creates a store on the database file at `storeURL`. The file, and its directory, are created on the first write.
  ///
  /// - Parameters:
  ///   - storeURL: A file URL.
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public init(
    storeURL: URL, imageLimits: ImageCacheLimits? = nil, currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    self.init(database: SQLiteDatabase(storeURL: storeURL), imageLimits: imageLimits, currentDate: currentDate)
  }

  private init(database: SQLiteDatabase, imageLimits: ImageCacheLimits?, currentDate: @escaping @Sendable () -> Date) {
    self.database = database
    feedCache = SQLiteFeedCache(database: database)
    images = SQLiteImageDataStore(database: database, imageLimits: imageLimits, currentDate: currentDate)
    search = SQLiteSearchStore(database: database)
    pages = SQLitePageStore(database: database)
    likes = SQLitePendingLikeStore(database: database)
  }

  /// A store on a private in-memory database, gone with the store: for tests and previews.
  ///
  /// - Parameters:
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public static func inMemory(
    imageLimits: ImageCacheLimits? = nil, currentDate: @escaping @Sendable () -> Date = Date.init
  ) -> SQLiteFeedStore {
    SQLiteFeedStore(database: .inMemory(), imageLimits: imageLimits, currentDate: currentDate)
  }

  /// Saves the image reads' order of use (``flush()``), then closes the connection; the next operation opens it
  /// again. Call it when a command ends.
  ///
  /// - Throws: ``SQLiteError`` when the uses cannot be saved; the connection is closed all the same.
  public func close() throws(SQLiteError) {
    do {
      try flush()
    } catch {
      database.onSharedExecutor { $0.close() }
      throw error
    }
    database.onSharedExecutor { $0.close() }
  }

  /// See ``SQLiteFeedCache/retrieve()``.
  public func retrieve() throws(SQLiteError) -> CachedFeed? {
    try feedCache.onSharedExecutor { store throws(SQLiteError) in try store.retrieve() }
  }

  /// See ``SQLiteFeedCache/insert(_:timestamp:)``.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws(SQLiteError) {
    try feedCache.onSharedExecutor { store throws(SQLiteError) in try store.insert(feed, timestamp: timestamp) }
  }

  /// See ``SQLiteFeedCache/replaceCachedFeed(with:timestamp:)``.
  public func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) throws(SQLiteError) {
    try feedCache.onSharedExecutor { store throws(SQLiteError) in
      try store.replaceCachedFeed(with: feed, timestamp: timestamp)
    }
  }

  /// See ``SQLiteFeedCache/deleteCachedFeed()``.
  public func deleteCachedFeed() throws(SQLiteError) {
    try feedCache.onSharedExecutor { store throws(SQLiteError) in try store.deleteCachedFeed() }
  }
}
