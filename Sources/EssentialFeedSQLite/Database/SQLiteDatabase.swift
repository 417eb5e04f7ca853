import CSQLite
import EssentialFeedCache
import Foundation

/// One SQLite database, opened once and shared by the stores of each capability: ``SQLiteFeedCache``,
/// ``SQLiteImageDataStore``, ``SQLiteSearchStore``, ``SQLitePageStore`` and ``SQLitePendingLikeStore``.
///
/// It owns what they share: the serial executor their operations run on (so an operation of one store never
/// interleaves with another's, and blocking I/O never runs on the cooperative pool), the connection, the identity of
/// the file it opened (a file removed or replaced behind its back is noticed, and reopened, before the next
/// operation) and the schema's migrations, applied when the connection opens.
///
/// - A file database uses the WAL journal, `synchronous = FULL` and a busy timeout, so two instances or two processes
///   on one file wait for each other instead of failing. Its files are readable by the user only (0600).
/// - A database the store may not write (a read-only mount, a directory without write permission) can still be read.
/// - A database written by a newer version, or not by this package, is an error and is never changed.
/// - Releasing it does no I/O; ``close()`` closes the connection at a moment the owner chooses.
public actor SQLiteDatabase {
  /// Where the database lives.
  enum Location {
    case file(String)
    case inMemory
  }

  let location: Location
  var connection: OpenConnection?
  /// How long an operation waits for another connection's lock, in milliseconds.
  let patience: Int32
  /// How long an operation waits now: ``patience``, or 0 once one gave up on a busy database, until a write gets
  /// through (see `SQLiteDatabase+Busy.swift`).
  var busyTimeout: Int32
  /// Whether an operation that meets a damaged file heals it first (see `SQLiteDatabase+Repair.swift`).
  let healing: Healing
  /// The repairs made since the database was created, and the file last found whole (see `SQLiteDatabase+Repair.swift`).
  var healed = Healed()
  private let executor = StoreExecutor(label: "SQLiteDatabase")

  /// The actor's executor: the database's own serial queue, shared by every store on it.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Creates a database on the file at `storeURL`. The file, and its directory, are created on the first write.
  ///
  /// - Parameters:
  ///   - storeURL: A file URL.
  ///   - healing: Whether an operation may delete a file in which nothing can be read: only ``repair()`` does by
  ///     default (``Healing/standard``), any operation does for a cache (``Healing/cache``).
  public init(storeURL: URL, healing: Healing = .standard) {
    self.init(location: .file(storeURL.path(percentEncoded: false)), healing: healing)
  }

  /// A database on the file at `storeURL` whose operations wait `busyTimeout` milliseconds for another's lock, healing
  /// as `healing` says: for tests, where another connection holds a lock, to see the busy answer without the wait.
  init(storeURL: URL, busyTimeout: Int32, healing: Healing = .standard) {
    self.init(location: .file(storeURL.path(percentEncoded: false)), patience: busyTimeout, healing: healing)
  }

  private init(location: Location, patience: Int32 = SQLiteConnection.busyTimeout, healing: Healing = .standard) {
    (self.location, self.healing) = (location, healing)
    (self.patience, busyTimeout) = (patience, patience)
  }

  /// A private in-memory database, gone with the last store on it: for tests and previews.
  public static func inMemory() -> SQLiteDatabase {
    SQLiteDatabase(location: .inMemory)
  }

  /// Closes the connection, if one is open; the next operation of a store on the database opens it again. Call it
  /// after ``SQLiteImageDataStore/flush()`` when a command ends. An in-memory database loses what it held.
  public func close() {
    connection = nil
  }

  /// The database's path, for messages.
  nonisolated var displayPath: String {
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
      return try healingOnce { () throws(SQLiteError) in try body(try open(forWriting: false)) }
    } catch {
      noteBusy(error)
      throw error.while(operation, at: displayPath)
    }
  }

  /// Runs `body` on the connection opened read-write, creating the database if needed. Any error says `operation`.
  func writing<T>(_ operation: String, _ body: (SQLiteConnection) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    do throws(SQLiteError) {
      return try healingOnce { () throws(SQLiteError) in
        guard let db = try open(forWriting: true) else { throw SQLiteError(code: SQLITE_CANTOPEN, message: "no file") }
        switchToWALIfNeeded()
        let result = try body(db)
        regainPatience()
        return result
      }
    } catch {
      noteBusy(error)
      throw error.while(operation, at: displayPath)
    }
  }
}

extension Actor {
  /// Runs `body` isolated to this actor from an actor that shares its serial executor (a store on a
  /// ``SQLiteDatabase``), synchronously: no suspension, so the caller's operation stays atomic.
  nonisolated func onSharedExecutor<T: Sendable, E: Error>(
    _ body: (isolated Self) throws(E) -> T
  ) throws(E) -> T {
    do {
      return try assumeIsolated(body)
    } catch let error as E {
      throw error
    } catch {
      preconditionFailure("the body throws only \(E.self): \(error)")
    }
  }
}

/// A store of one capability on a shared ``SQLiteDatabase``: an actor on the database's executor, whose operations
/// run their SQL on the database's connection without suspending.
protocol SQLiteDatabaseStore: Actor {
  /// The database the store's tables live in.
  var database: SQLiteDatabase { get }
}

extension SQLiteDatabaseStore {
  /// Runs `body` on the database's connection for reading (see ``SQLiteDatabase/reading(_:_:)``).
  /// `body` is `@Sendable`: it runs isolated to the database, so it reads the store's state through what it captures.
  func reading<T: Sendable>(
    _ operation: String, _ body: @Sendable (SQLiteConnection?) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    try database.onSharedExecutor { database throws(SQLiteError) in try database.reading(operation, body) }
  }

  /// Runs `body` on the database's connection for writing (see ``SQLiteDatabase/writing(_:_:)``).
  func writing<T: Sendable>(
    _ operation: String, _ body: @Sendable (SQLiteConnection) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    try database.onSharedExecutor { database throws(SQLiteError) in try database.writing(operation, body) }
  }
}
