import CSQLite
import EssentialFeedCache
import Foundation

/// A `FeedStore` and `FeedImageDataStore` on the system's SQLite: the step up from a JSON file when a feed outgrows
/// rewriting everything on every save.
///
/// - The schema is created, and migrated by version (`PRAGMA user_version`) through ordered migrations, on first
///   use; every schema this package ever wrote opens and upgrades. A database written by a newer version, or not by
///   this store, is an error and is never changed. Cached feed tables the store cannot read are a retrieval error,
///   and deleting the cache rebuilds those tables alone: pending likes, the search, the pages and the images are
///   kept. Only a file that is not a database at all is deleted.
/// - A file database uses the WAL journal, so readers never block the writer, `synchronous = FULL`, so a completed
///   write survives a power cut, and a busy timeout, so two instances or two processes on one file wait for each
///   other instead of failing. Its files are readable by the user only (0600).
/// - An insert replaces the cached feed in one transaction, keeping the images' order; a crash leaves the old feed or
///   the new. ``replaceCachedFeed(with:timestamp:)`` is that one transaction.
/// - A database file that was removed or replaced behind the store's back is noticed before the next operation, and
///   the store reopens it: a write never goes to a deleted file.
/// - A database the store may not write (a read-only mount, a directory without write permission) can still be read.
/// - Every failure is a thrown ``SQLiteError`` that says in one sentence what the store was doing, never a crash.
///
/// An actor whose operations never suspend: each is atomic, and histories are linearizable; across connections,
/// SQLite's transactions give the same. Its blocking work, SQLite's busy wait included, runs on the store's own
/// serial queue, never on the cooperative pool.
public actor SQLiteFeedStore: FeedStore, LimitedFeedImageDataStore {
  /// Where the database lives.
  enum Location {
    case file(String)
    case inMemory
  }

  /// The schema version this store writes; `PRAGMA user_version` records it in the file. See ``migrations``.
  static let schemaVersion = 2

  let location: Location
  var connection: OpenConnection?
  /// The limits image data is kept within, if any, and the clock their maximum age reads.
  let imageLimits: ImageCacheLimits?
  let currentDate: @Sendable () -> Date
  /// Reads recorded since the last write, in order: applied to the image index with the next write, so a read stays
  /// a read.
  var pendingImageUses: [String] = []
  private let executor = StoreExecutor(label: "SQLiteFeedStore")

  /// The actor's executor: the store's own serial queue.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Creates a store on the database file at `storeURL`. The file, and its directory, are created on the first write.
  ///
  /// - Parameters:
  ///   - storeURL: A file URL.
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public init(
    storeURL: URL, imageLimits: ImageCacheLimits? = nil, currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    self.init(location: .file(storeURL.path(percentEncoded: false)), imageLimits: imageLimits, currentDate: currentDate)
  }

  private init(location: Location, imageLimits: ImageCacheLimits?, currentDate: @escaping @Sendable () -> Date) {
    self.location = location
    self.imageLimits = imageLimits
    self.currentDate = currentDate
  }

  /// Saves the reads no write has saved yet, as ``flush()`` does, so that a new instance evicts in the same order.
  /// It opens a connection of its own (the store's belongs to its executor) on the file, if it is still there; a
  /// database that cannot be written keeps the order it had.
  deinit {
    guard !pendingImageUses.isEmpty, case .file(let path) = location, access(path, W_OK) == 0,
      let db = try? SQLiteConnection(path: path)
    else { return }
    let (uses, now) = (pendingImageUses, currentDate())
    try? db.transaction(immediate: true) { () throws(SQLiteError) in try db.recordImageUses(uses, now: now) }
  }

  /// A store on a private in-memory database, gone with the store: for tests and previews.
  ///
  /// - Parameters:
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public static func inMemory(
    imageLimits: ImageCacheLimits? = nil, currentDate: @escaping @Sendable () -> Date = Date.init
  ) -> SQLiteFeedStore {
    SQLiteFeedStore(location: .inMemory, imageLimits: imageLimits, currentDate: currentDate)
  }

  /// The database's path, for messages.
  var displayPath: String {
    switch location {
    case .file(let path): path
    case .inMemory: "an in-memory database"
    }
  }

  /// Runs `body` on the connection, opened read-write or, when the database cannot be written, read-only; `body` gets
  /// `nil` when there is no database file, which reading never creates. Any error says `operation`.
  func reading<T>(
    _ operation: String, _ body: (SQLiteConnection?) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    do {
      return try body(try open(forWriting: false))
    } catch {
      throw error.while(operation, at: displayPath)
    }
  }

  /// Runs `body` on the connection opened read-write, creating the database if needed. Any error says `operation`.
  func writing<T>(_ operation: String, _ body: (SQLiteConnection) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    do throws(SQLiteError) {
      guard let db = try open(forWriting: true) else { throw SQLiteError(code: SQLITE_CANTOPEN, message: "no file") }
      return try body(db)
    } catch {
      throw error.while(operation, at: displayPath)
    }
  }
}
