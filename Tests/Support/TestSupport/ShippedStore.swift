import EssentialFeedCache
import EssentialFeedSQLite
import EssentialFeedSpecs
import Foundation

/// Every store the package ships, each described once as a value: its name, how to make one on a location, where
/// each of its parts' files lives, and how to make it fail. The specs, the integration tests and the crash writer use
/// it; the names are the ones the crash writer takes and, for the stores the app offers, the app's `--store-kind`
/// values. A new store is one more value in ``allCases``: the spec matrix asks each what it offers.
public struct ShippedStore: Hashable, Sendable, CaseIterable, RawRepresentable, CustomStringConvertible {
  /// Where each part of a store keeps its data, relative to its location; `nil` for the location itself.
  private struct Files: Sendable {
    var feed, search, pages, pendingLikes, images: String?
  }

  /// The store's name.
  public let rawValue: String
  /// Whether instances on one location share what it holds, across instances and processes.
  public let isPersistent: Bool
  /// Whether the store keeps its data in files of its own format, not in a database.
  public let keepsOwnFiles: Bool
  private let locationName: String?
  private let files: Files
  private let make: @Sendable (URL) -> any FeedStore
  private let makeLimited:
    (@Sendable (URL, ImageCacheLimits, @escaping @Sendable () -> Date) -> any LimitedFeedImageDataStore)?

  /// The in-memory store: nothing outlives the instance.
  public static let inMemory = ShippedStore(
    "memory", persistent: false, location: nil, files: Files(), make: { _ in InMemoryFeedStore() },
    limited: { InMemoryFeedStore(imageLimits: $1, currentDate: $2) })
  /// The Codable store: the feed as one JSON file.
  public static let codable = ShippedStore(
    "codable", persistent: true, ownFiles: true, location: "feed.json", files: Files(),
    make: { CodableFeedStore(storeURL: $0) }, limited: nil)
  /// The file-system store: a directory of files of its own format, one per part.
  public static let fileSystem = ShippedStore(
    "filesystem", persistent: true, ownFiles: true, location: "store",
    files: Files(
      feed: "feed.cache", search: "search.cache", pages: "pages", pendingLikes: "pending-likes",
      images: "images"),
    make: { FileSystemFeedStore(directory: $0) },
    limited: { FileSystemFeedStore(directory: $0, imageLimits: $1, currentDate: $2) })
  /// The SQLite store: one database file.
  public static let sqlite = ShippedStore(
    "sqlite", persistent: true, location: "feed.sqlite", files: Files(), make: { SQLiteFeedStore(storeURL: $0) },
    limited: { SQLiteFeedStore(storeURL: $0, imageLimits: $1, currentDate: $2) })
  /// The SQLite store on a database in memory: nothing outlives the instance.
  public static let sqliteInMemory = ShippedStore(
    "sqlite-memory", persistent: false, location: "feed.sqlite", files: Files(),
    make: { _ in SQLiteFeedStore.inMemory() }, limited: { SQLiteFeedStore.inMemory(imageLimits: $1, currentDate: $2) })

  /// Every store the package ships.
  public static let allCases: [ShippedStore] = [inMemory, codable, fileSystem, sqlite, sqliteInMemory]

  private init(
    _ name: String, persistent: Bool, ownFiles: Bool = false, location: String?, files: Files,
    make: @escaping @Sendable (URL) -> any FeedStore,
    limited: (@Sendable (URL, ImageCacheLimits, @escaping @Sendable () -> Date) -> any LimitedFeedImageDataStore)?
  ) {
    (rawValue, isPersistent, keepsOwnFiles, locationName) = (name, persistent, ownFiles, location)
    (self.files, self.make, makeLimited) = (files, make, limited)
  }

  /// The shipped store named `rawValue`, if there is one.
  public init?(rawValue: String) {
    guard let store = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = store
  }

  /// The store's name.
  public var description: String { rawValue }
  /// Whether both name one store.
  public static func == (lhs: ShippedStore, rhs: ShippedStore) -> Bool { lhs.rawValue == rhs.rawValue }
  /// Hashes the store's name.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// How many of the crash writer's largest feeds, each written by a process of its own, fill the store's log so that
  /// every write after them checkpoints it, or `nil` for a store that keeps no log. SQLite copies its write-ahead log
  /// into the database once it holds 1,000 pages, about 37 a feed; a process that opens the database first rereads
  /// the whole log, so from then on each process's write checkpoints it.
  public var writesToFillLog: Int? { self == .sqlite ? 30 : nil }

  /// The stores that keep the feed across instances and processes.
  public static var persistent: [ShippedStore] { allCases.filter(\.isPersistent) }
  /// The stores in files of their own format, which the file hardening specs check.
  public static var fileStores: [ShippedStore] { allCases.filter(\.keepsOwnFiles) }
  /// The stores that also keep image data.
  public static var imageDataStores: [ShippedStore] { offering((any FeedImageDataStore).self) }

  /// The stores an instance of which is a `Capability` (a store protocol), the persistent ones only when asked: the
  /// spec matrix, derived from what each store is rather than listed by hand, so a store that gains a capability runs
  /// its suites without a test changing.
  ///
  /// - Parameters:
  ///   - capability: A store protocol, as `(any FeedSearchStore).self`.
  ///   - persistentOnly: Whether to keep the persistent stores alone.
  public static func offering<Capability>(
    _ capability: Capability.Type, persistentOnly: Bool = false
  ) -> [ShippedStore] {
    let unopened = FileManager.default.temporaryDirectory.appending(path: "never-opened-\(UUID().uuidString)")
    return allCases.filter { ($0.isPersistent || !persistentOnly) && $0.makeStore(in: unopened) is Capability }
  }

  /// The location the store uses inside `directory`: a file, or for the file-system store a directory.
  public func location(in directory: URL) -> URL {
    guard let locationName else { return directory }
    // A store whose parts keep files of their own inside its location keeps them in a directory.
    return directory.appending(path: locationName, directoryHint: files.feed == nil ? .notDirectory : .isDirectory)
  }

  /// A new instance on `location`; instances of a persistent store on one location share what it holds.
  public func makeStore(at location: URL) -> any FeedStore {
    make(location)
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
    file(files.feed, at: location)
  }

  /// The file (or directory) a part keeps its data in: `name` inside the store's location, or the location itself.
  private func file(_ name: String?, at location: URL) -> URL {
    name.map { location.appending(path: $0) } ?? location
  }

  /// The file that holds the pending likes, to damage it.
  public func pendingLikesFile(at location: URL) -> URL {
    file(files.pendingLikes, at: location)
  }

  /// The directory the store keeps image files in, inside its location, if it keeps them as files.
  func imagesDirectory(at location: URL) -> URL? {
    files.images.map { location.appending(path: $0, directoryHint: .isDirectory) }
  }

  /// Stores that fail: a corrupt feed file to retrieve (the helper the specs ship for store authors), and a store
  /// that worked, then fails: a feed written by a working instance, then its location made immutable.
  public func failures(in directory: URL) throws -> FeedStoreFailures {
    let damaged = directory.appending(path: "damaged", directoryHint: .isDirectory)
    let worked: @Sendable () async throws -> any FeedStore = {
      try await storeThatWorkedThenFails(in: directory) {
        try await $0.insert([imageBefore("before")], timestamp: Date(timeIntervalSinceReferenceDate: 1_000))
      }
    }
    return FeedStoreFailures(
      retrieval: {
        try writeCorruptStoreFile(at: feedFile(at: location(in: damaged)))
        return makeStore(in: damaged)
      },
      insertion: worked,
      deletion: worked
    )
  }

  /// A store that worked, then fails: `fill` writes with a working instance on a new location, the location is made
  /// immutable, and the new instance returned reads what was written and can write nothing.
  func storeThatWorkedThenFails(
    in directory: URL, fill: (any FeedStore) async throws -> Void
  ) async throws -> any FeedStore {
    let location = makeReadOnlyStoreLocation(in: directory)
    try await fill(makeStore(in: location))
    try makeReadOnly(location)
    return makeStore(in: location)
  }

  /// ``storeThatWorkedThenFails(in:fill:)`` as a `Store`.
  func storeThatWorkedThenFails<Store>(
    as type: Store.Type, in directory: URL, fill: (Store) async throws -> Void
  ) async throws -> Store {
    let store = try await storeThatWorkedThenFails(in: directory) {
      guard let store = $0 as? Store else { throw CocoaError(.featureUnsupported) }
      try await fill(store)
    }
    guard let store = store as? Store else { throw CocoaError(.featureUnsupported) }
    return store
  }

  /// The file that holds the last search, to damage it.
  public func searchFile(at location: URL) -> URL {
    file(files.search, at: location)
  }

  /// Search stores that fail: a corrupt search file, and a store holding a search that then fails to write.
  public func searchFailures(in directory: URL) throws -> FeedSearchStoreFailures {
    let damaged = directory.appending(path: "damaged-search", directoryHint: .isDirectory)
    let worked: @Sendable () async throws -> any FeedSearchStore = {
      try await storeThatWorkedThenFails(as: (any FeedSearchStore).self, in: directory) {
        try await $0.replaceSearch(
          with: [imageBefore("before")], for: "before", timestamp: Date(timeIntervalSinceReferenceDate: 1_000))
      }
    }
    let make: @Sendable (URL) throws -> any FeedSearchStore = { directory in
      guard let store = makeStore(in: directory) as? any FeedSearchStore else { throw CocoaError(.featureUnsupported) }
      return store
    }
    return FeedSearchStoreFailures(
      retrieval: {
        try writeCorruptStoreFile(at: searchFile(at: location(in: damaged)))
        return try make(damaged)
      },
      replacement: worked,
      deletion: worked)
  }

  /// The file that holds the page list, to damage it.
  public func pagesFile(at location: URL) -> URL {
    file(files.pages, at: location)
  }

  /// Page stores that fail: a corrupt file, and a store holding a list that then fails to write.
  public func pageFailures(in directory: URL) throws -> FeedPageStoreFailures {
    let damaged = directory.appending(path: "damaged-pages", directoryHint: .isDirectory)
    let make: @Sendable (URL) throws -> any FeedPageStore = { directory in
      guard let store = makeStore(in: directory) as? any FeedPageStore else { throw CocoaError(.featureUnsupported) }
      return store
    }
    return FeedPageStoreFailures(
      retrieval: {
        try writeCorruptStoreFile(at: pagesFile(at: location(in: damaged)))
        return try make(damaged)
      },
      writing: {
        try await storeThatWorkedThenFails(as: (any FeedPageStore).self, in: directory) {
          _ = try await $0.appendPage([imageBefore("before"), imageBefore("before too")])
        }
      })
  }

  /// A new instance with image limits and a clock, or `nil` for a store that keeps no image data within limits.
  public func makeLimitedImageStore(
    in directory: URL, limits: ImageCacheLimits, currentDate: @escaping @Sendable () -> Date
  ) -> (any LimitedFeedImageDataStore)? {
    makeLimited?(location(in: directory), limits, currentDate)
  }
}

/// An image for a store that worked, then fails, to hold.
private func imageBefore(_ description: String) -> LocalFeedImage {
  LocalFeedImage(
    id: UUID(), description: description, location: nil, url: URL(fileURLWithPath: "/before/\(description)"))
}
