import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

/// The persistent stores, each with how to make one on a location and where its feed file lives.
enum PersistentStoreKind: String, CaseIterable, Sendable {
  case codable
  case fileSystem
  case sqlite

  /// The location the store uses inside a test's temporary directory.
  func location(in directory: URL) -> URL {
    switch self {
    case .codable: directory.appending(path: "feed.json")
    case .fileSystem: directory.appending(path: "store", directoryHint: .isDirectory)
    case .sqlite: directory.appending(path: "feed.sqlite")
    }
  }

  func makeStore(at location: URL) -> any FeedStore {
    switch self {
    case .codable: CodableFeedStore(storeURL: location)
    case .fileSystem: FileSystemFeedStore(directory: location)
    case .sqlite: SQLiteFeedStore(storeURL: location)
    }
  }

  /// The file that holds the cached feed, to damage it.
  func feedFile(at location: URL) -> URL {
    switch self {
    case .codable, .sqlite: location
    case .fileSystem: location.appending(path: "feed.cache")
    }
  }

  /// The crash writer's name for this kind.
  var writerArgument: String {
    switch self {
    case .codable: "codable"
    case .fileSystem: "filesystem"
    case .sqlite: "sqlite"
    }
  }
}
