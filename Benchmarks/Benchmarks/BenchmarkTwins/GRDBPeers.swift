import EssentialFeed
import Foundation
import GRDB

// The GRDB peers: the same work as the SQLite store's, written on GRDB 7 the way its README recommends — Codable
// records (FetchableRecord & PersistableRecord), a DatabaseQueue, each change in `write`, each read in `read`, tables
// by `db.create(table:)`, queries by the query interface. No EssentialFeed store code. The measured calls are GRDB's
// `async` ones (`try await dbQueue.write`), which its documentation gives for Swift concurrency: the synchronous
// ones block a thread of the cooperative pool for a whole transaction, fsync included, which our store's design
// refuses (its work runs on a serial queue of its own). Both sides then pay a thread hand-off per call.

/// A feed image row: the cached feed's and the page list's (each in its own database), ordered by `position`.
public struct GRDBFeedImage: Codable, Sendable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "feedImage"
  /// The image's place in the list, its INTEGER PRIMARY KEY (the rowid), as in the store's tables.
  public var position: Int
  /// The image's id: a 16-byte blob, GRDB's default for UUIDs, as the store writes ids.
  public var id: UUID
  /// The image's description, if any.
  public var description: String?
  /// The image's location, if any.
  public var location: String?
  /// The image's URL as its absoluteString, as the store writes URLs, made a `URL` by `URL(string:)` as the store
  /// does. A `URL` property would go through GRDB's `URL` conversion, which on Linux bridges through `NSURL`: about
  /// 40,000 instructions a row (corelibs Foundation's `CFURL` copies the string a character at a time), which made
  /// GRDB's page read 19 times ours, a measure of Foundation on Linux rather than of GRDB.
  public var url: String

  /// The columns queries name.
  public enum Columns {
    /// The image's place in the list.
    public static let position = Column(CodingKeys.position)
  }

  /// The row of `image` at `position`.
  public init(_ image: FeedImage, position: Int) {
    self.position = position
    id = image.id
    description = image.description
    location = image.location
    url = image.url.absoluteString
  }

  /// The domain's image of this row.
  public var image: FeedImage {
    FeedImage(
      id: id, description: description, location: location, url: URL(string: url) ?? URL(fileURLWithPath: "/"))
  }

  /// The table, with the store's columns; ids unique in the page list, as in the store's `feed_page`.
  static func createTable(_ db: Database, uniqueIDs: Bool) throws {
    try db.create(table: databaseTableName, options: .ifNotExists) { t in
      t.primaryKey("position", .integer)
      let id = t.column("id", .blob).notNull()
      if uniqueIDs { id.unique() }
      t.column("description", .text)
      t.column("location", .text)
      t.column("url", .text).notNull()
    }
  }
}

/// The cached feed's timestamp: one row, as the store's `cache` table.
public struct GRDBCacheTimestamp: Codable, Sendable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "cache"
  /// The one row's key.
  public var id = 1
  /// When the feed was cached.
  public var timestamp: Date

  /// The timestamp as the store writes it, a REAL, rather than GRDB's default text date.
  public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
    .timeIntervalSinceReferenceDate
  }
  /// The timestamp read back from its REAL.
  public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
    .timeIntervalSinceReferenceDate
  }
}

/// A pending like: one row per image (a unique `imageID`), its auto-assigned `position` the order it was stored in,
/// as in the store's `pending_like` table. A struct with an auto-incremented key: a MutablePersistableRecord that
/// records its rowid in `didInsert`, as GRDB's README recommends.
public struct GRDBPendingLike: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
  /// The table.
  public static let databaseTableName = "pendingLike"
  /// The order the action was stored in: its rowid, assigned on insert.
  public var position: Int64?
  /// The action's id.
  public var actionID: UUID
  /// The image acted on.
  public var imageID: UUID
  /// 1 a like, 0 a discard, as the store writes it.
  public var kind: Int
  /// When the user acted.
  public var timestamp: Date

  /// The columns queries name.
  public enum Columns {
    /// The order of enqueueing.
    public static let position = Column(CodingKeys.position)
    /// The action's id.
    public static let actionID = Column(CodingKeys.actionID)
    /// When the customer acted.
    public static let timestamp = Column(CodingKeys.timestamp)
  }

  /// The row of `action`, its position assigned on insert.
  public init(_ action: PendingLikeAction) {
    actionID = action.id
    imageID = action.imageID
    kind = action.kind == .like ? 1 : 0
    timestamp = action.timestamp
  }

  /// The action of this row.
  public var action: PendingLikeAction {
    PendingLikeAction(id: actionID, imageID: imageID, kind: kind == 1 ? .like : .discard, timestamp: timestamp)
  }

  /// Keeps the position SQLite assigned.
  public mutating func didInsert(_ inserted: InsertionSuccess) { position = inserted.rowID }

  /// The timestamp as the store writes it, a REAL, rather than GRDB's default text date.
  public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
    .timeIntervalSinceReferenceDate
  }
  /// The timestamp read back from its REAL.
  public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
    .timeIntervalSinceReferenceDate
  }
}

/// The GRDB peers of the store's feed cache, page list and pending likes.
public enum GRDBPeer {
  /// Opens (creating) a DatabaseQueue on `path` with the store's durability: the WAL journal and
  /// `synchronous = FULL` (GRDB's `.wal` journal mode would lower it to NORMAL), set in `prepareDatabase`.
  static func open(_ path: String, schema: (Database) throws -> Void) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL") }
    let dbQueue = try DatabaseQueue(path: path, configuration: configuration)
    try dbQueue.write(schema)
    return dbQueue
  }

  /// The cached feed on GRDB, opened once (outside the measured work, as the store's file is).
  public final class FeedCache: Sendable {
    private let dbQueue: DatabaseQueue

    /// Opens (creating) the database at `path` with the feed's tables.
    public init(path: String) throws {
      dbQueue = try GRDBPeer.open(path) { db in
        try GRDBFeedImage.createTable(db, uniqueIDs: false)
        try db.create(table: GRDBCacheTimestamp.databaseTableName, options: .ifNotExists) { t in
          t.primaryKey("id", .integer)
          t.column("timestamp", .double).notNull()
        }
      }
    }

    /// Replaces the cached feed in one write (delete all, insert each record, save the timestamp), then reads the
    /// timestamp and the images back in order in one read: what `SQLiteFeedStore.insert` then `retrieve` do.
    public func roundTrip(_ feed: [FeedImage], timestamp: Date) async throws -> [FeedImage] {
      try await dbQueue.write { db in
        try GRDBFeedImage.deleteAll(db)
        for (position, image) in feed.enumerated() { try GRDBFeedImage(image, position: position).insert(db) }
        try GRDBCacheTimestamp(timestamp: timestamp).save(db)
      }
      let (cache, rows) = try await dbQueue.read { db in
        try (GRDBCacheTimestamp.fetchOne(db), GRDBFeedImage.order(GRDBFeedImage.Columns.position).fetchAll(db))
      }
      return cache == nil ? [] : rows.map(\.image)
    }
  }

  /// The page list on GRDB: images in order, read a page at a time after a position (keyset pagination).
  public final class PageList: Sendable {
    private let dbQueue: DatabaseQueue

    /// Opens (creating) the database at `path` with the list's table.
    public init(path: String) throws {
      dbQueue = try GRDBPeer.open(path) { try GRDBFeedImage.createTable($0, uniqueIDs: true) }
    }

    /// A list at `path` holding `images`, positions 0 on, written in one write.
    public static func filled(at path: String, with images: [FeedImage]) throws -> PageList {
      let list = try PageList(path: path)
      try list.append(images, from: 0)
      return list
    }

    /// Appends `images` at positions from `start` on, in one write.
    public func append(_ images: [FeedImage], from start: Int) throws {
      try dbQueue.write { db in
        for (offset, image) in images.enumerated() { try GRDBFeedImage(image, position: start + offset).insert(db) }
      }
    }

    /// The first `limit` images after `position`, in order: `filter(position > p).order(position).limit(n)`.
    public func page(after position: Int, limit: Int) async throws -> [GRDBFeedImage] {
      try await dbQueue.read { db in
        try GRDBFeedImage.filter(GRDBFeedImage.Columns.position > position)
          .order(GRDBFeedImage.Columns.position).limit(limit).fetchAll(db)
      }
    }
  }

  /// The pending likes on GRDB: each change its own `write`, as each of the store's is its own transaction.
  public final class PendingLikes: Sendable {
    private let dbQueue: DatabaseQueue

    /// Opens (creating) the database at `path` with the pending likes' table.
    public init(path: String) throws {
      dbQueue = try GRDBPeer.open(path) { db in
        try db.create(table: GRDBPendingLike.databaseTableName, options: .ifNotExists) { t in
          t.primaryKey("position", .integer)
          t.column("actionID", .blob).notNull().indexed()
          t.column("imageID", .blob).notNull().unique()
          t.column("kind", .integer).notNull()
          t.column("timestamp", .double).notNull()
        }
      }
    }

    /// Stores `action` as its image's pending action, replacing any older one (`INSERT OR REPLACE`), in one write.
    public func enqueue(_ action: PendingLikeAction) async throws {
      try await dbQueue.write { db in
        var row = GRDBPendingLike(action)
        try row.insert(db, onConflict: .replace)
      }
    }

    /// The pending actions, the oldest timestamp first (ties in the order stored), in one read.
    public func pendingActions() async throws -> [PendingLikeAction] {
      try await dbQueue.read { db in
        try GRDBPendingLike.order(GRDBPendingLike.Columns.timestamp, GRDBPendingLike.Columns.position).fetchAll(db)
      }.map(\.action)
    }

    /// Removes `action` only if it is still stored (compared by its id, as the store compares), in one write.
    public func removeIfPending(_ action: PendingLikeAction) async throws -> Bool {
      try await dbQueue.write { db in
        try GRDBPendingLike.filter(GRDBPendingLike.Columns.actionID == action.id).deleteAll(db) > 0
      }
    }
  }
}
