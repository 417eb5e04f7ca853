import Foundation

/// How much image data a cache keeps, and for how long.
///
/// A store with limits enforces them on every insert, not in a later sweep: after an insert, the image data stored
/// totals at most ``maximumBytes``, the least recently used entries (a read counts as a use) removed first. An entry
/// as old as ``maximumAge`` or older is a miss, and is removed.
public struct ImageCacheLimits: Hashable, Sendable {
  /// Ten hours: how long the apps this package is specified with keep an image.
  public static let defaultMaximumAge: TimeInterval = 10 * 60 * 60

  /// The most bytes of image data kept, in all.
  public var maximumBytes: Int
  /// How long an entry is kept after it was stored, in seconds.
  public var maximumAge: TimeInterval

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maximumBytes: The most bytes of image data kept, in all; an image larger than this is never stored.
  ///   - maximumAge: How long an entry is kept after it was stored (default 10 hours).
  public init(maximumBytes: Int, maximumAge: TimeInterval = ImageCacheLimits.defaultMaximumAge) {
    self.maximumBytes = max(0, maximumBytes)
    self.maximumAge = maximumAge
  }

  /// Whether an entry stored at `stored` has expired at `now`: at exactly the maximum age it has.
  public func hasExpired(storedAt stored: Date, at now: Date) -> Bool {
    now.timeIntervalSince(stored) >= maximumAge
  }
}

/// An image data store that keeps its data within ``ImageCacheLimits``. `LimitedFeedImageDataStoreSpec` checks one.
///
/// Unlike a plain ``FeedImageDataStore``, retrieval changes the store: it records a use, and it removes an expired
/// entry. A persistent store need not write on every read: it may keep the uses it recorded and save them with its
/// next write and on ``flush()``, so that a new instance on the same location evicts in the same order. It does no
/// I/O when it is released: uses not saved by then are lost, which makes eviction less exact and loses no data.
public protocol LimitedFeedImageDataStore: FeedImageDataStore {
  /// The bytes of image data stored, in all.
  func storedImageDataSize() async throws -> Int

  /// Deletes every image's data: how an app clears its image cache.
  func deleteAllImageData() async throws

  /// Saves the uses that reads recorded and that no write has saved yet; does nothing when none are pending. An app
  /// calls it when a command ends or it goes to the background; releasing a store does not save them. The default
  /// does nothing, for stores that save each use as it happens or keep nothing across instances.
  func flush() async throws
}

extension LimitedFeedImageDataStore {
  /// Does nothing: the store keeps no unsaved uses.
  public func flush() async throws {}
}

/// Why an image was not stored.
public struct ImageTooLargeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The image's size, in bytes.
  public let size: Int
  /// The cache's whole limit, in bytes.
  public let limit: Int

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - size: The image's size, in bytes.
  ///   - limit: The cache's whole limit, in bytes.
  public init(size: Int, limit: Int) {
    self.size = size
    self.limit = limit
  }

  /// One sentence for a person.
  public var description: String {
    "the image (\(size) bytes) is larger than the whole image cache (\(limit) bytes), so it was not stored"
  }
}
