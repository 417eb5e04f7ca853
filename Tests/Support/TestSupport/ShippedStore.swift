import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation

/// Every store the package ships, said once: how to make one on a location, where its feed file lives, and how to
/// make it fail. The specs, the integration tests and the crash writer use it; the raw values are the names the
/// crash writer takes and, for the stores the app offers, the app's `--store-kind` values.
public enum ShippedStore: String, CaseIterable, Sendable {
  case inMemory = "memory"
  case codable
  case fileSystem = "filesystem"
  case sqlite
  case sqliteInMemory = "sqlite-memory"

  /// The stores that keep the feed across instances and processes.
  public static let persistent: [ShippedStore] = [.codable, .fileSystem, .sqlite]
  /// The stores that also keep image data.
  public static let imageDataStores: [ShippedStore] = [.inMemory, .fileSystem, .sqlite, .sqliteInMemory]

  /// The location the store uses inside `directory`: a file, or for the file-system store a directory.
  public func location(in directory: URL) -> URL {
    switch self {
    case .codable: directory.appending(path: "feed.json")
    case .fileSystem: directory.appending(path: "store", directoryHint: .isDirectory)
    case .sqlite, .sqliteInMemory: directory.appending(path: "feed.sqlite")
    case .inMemory: directory
    }
  }

  /// A new instance on `location`; instances of a persistent store on one location share what it holds.
  public func makeStore(at location: URL) -> any FeedStore {
    switch self {
    case .inMemory: InMemoryFeedStore()
    case .codable: CodableFeedStore(storeURL: location)
    case .fileSystem: FileSystemFeedStore(directory: location)
    case .sqlite: SQLiteFeedStore(storeURL: location)
    case .sqliteInMemory: SQLiteFeedStore.inMemory()
    }
  }

  /// A new instance on the store's location in `directory`.
  public func makeStore(in directory: URL) -> any FeedStore {
    makeStore(at: location(in: directory))
  }

  /// A new instance as an image data store, or `nil` for a store that keeps no image data.
  public func makeImageDataStore(in directory: URL) -> (any FeedImageDataStore)? {
    makeStore(in: directory) as? any FeedImageDataStore
  }

  /// The file that holds the cached feed, to damage it.
  public func feedFile(at location: URL) -> URL {
    self == .fileSystem ? location.appending(path: "feed.cache") : location
  }

  /// Stores that fail, made with the helpers the specs ship for store authors: a corrupt feed file to retrieve,
  /// and a location below a regular file, where nothing can be written or deleted, even by root.
  public func failures(in directory: URL) throws -> FeedStoreFailures {
    let damaged = directory.appending(path: "damaged", directoryHint: .isDirectory)
    let unwritable = try makeUnwritableStoreLocation(in: directory)
    return FeedStoreFailures(
      retrieval: {
        try writeCorruptStoreFile(at: feedFile(at: location(in: damaged)))
        return makeStore(in: damaged)
      },
      insertion: { makeStore(in: unwritable) },
      deletion: { makeStore(in: unwritable) }
    )
  }

  /// The file that holds the last search, to damage it.
  public func searchFile(at location: URL) -> URL {
    self == .fileSystem ? location.appending(path: "search.cache") : location
  }

  /// Search stores that fail: a corrupt search file, and a location below a regular file.
  public func searchFailures(in directory: URL) throws -> FeedSearchStoreFailures {
    let damaged = directory.appending(path: "damaged-search", directoryHint: .isDirectory)
    let unwritable = try makeUnwritableStoreLocation(in: directory, named: "search-store")
    let make: @Sendable (URL) throws -> any FeedSearchStore = { directory in
      guard let store = makeStore(in: directory) as? any FeedSearchStore else { throw CocoaError(.featureUnsupported) }
      return store
    }
    return FeedSearchStoreFailures(
      retrieval: {
        try writeCorruptStoreFile(at: searchFile(at: location(in: damaged)))
        return try make(damaged)
      },
      replacement: { try make(unwritable) },
      deletion: { try make(unwritable) })
  }

  /// Page stores that fail: a corrupt database, and a location below a regular file.
  public func pageFailures(in directory: URL) throws -> FeedPageStoreFailures {
    let damaged = directory.appending(path: "damaged-pages", directoryHint: .isDirectory)
    let unwritable = try makeUnwritableStoreLocation(in: directory, named: "page-store")
    let make: @Sendable (URL) throws -> any FeedPageStore = { directory in
      guard let store = makeStore(in: directory) as? any FeedPageStore else { throw CocoaError(.featureUnsupported) }
      return store
    }
    return FeedPageStoreFailures(
      retrieval: {
        try writeCorruptStoreFile(at: location(in: damaged))
        return try make(damaged)
      },
      writing: { try make(unwritable) })
  }

  /// A new instance with image limits and a clock, or `nil` for a store that keeps no image data within limits.
  public func makeLimitedImageStore(
    in directory: URL, limits: ImageCacheLimits, currentDate: @escaping @Sendable () -> Date
  ) -> (any LimitedFeedImageDataStore)? {
    switch self {
    case .inMemory: InMemoryFeedStore(imageLimits: limits, currentDate: currentDate)
    case .sqlite:
      SQLiteFeedStore(storeURL: location(in: directory), imageLimits: limits, currentDate: currentDate)
    case .sqliteInMemory: SQLiteFeedStore.inMemory(imageLimits: limits, currentDate: currentDate)
    case .fileSystem:
      FileSystemFeedStore(directory: location(in: directory), imageLimits: limits, currentDate: currentDate)
    case .codable: nil
    }
  }
}
