import EssentialFeed
import Foundation

/// The image data cache use cases over a ``FeedImageDataStore``: load image data from cache, and cache it.
public struct LocalFeedImageDataLoader: Sendable {
  /// Why a cached image data load or save failed.
  public enum Error: Swift.Error, Sendable, Equatable, LocalizedError {
    /// The store failed to retrieve or to insert.
    case failed
    /// The store holds no data for the URL.
    case notFound

    /// The failure in a sentence.
    public var errorDescription: String? {
      switch self {
      case .failed: "the image cache could not be read or written"
      case .notFound: "the image cache holds no image for this URL"
      }
    }
  }

  private let store: any FeedImageDataStore

  /// Creates a loader over `store`; nothing is sent to the store until a use case runs.
  ///
  /// - Parameter store: Where image data is cached.
  public init(store: any FeedImageDataStore) {
    self.store = store
  }
}

extension LocalFeedImageDataLoader: FeedImageDataLoader {
  /// Loads the data cached for `url`.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The cached bytes.
  /// - Throws: ``Error/notFound`` when nothing is cached for the URL; ``Error/failed`` when the store fails;
  ///   `CancellationError` when the calling task is cancelled.
  public func loadImageData(from url: URL) async throws -> Data {
    try Task.checkCancellation()
    let data: Data?
    do {
      data = try await store.retrieve(dataForURL: url)
    } catch {
      try Task.checkCancellation()
      throw Error.failed
    }
    try Task.checkCancellation()
    guard let data else { throw Error.notFound }
    return data
  }
}

extension LocalFeedImageDataLoader: FeedImageDataCache {
  /// Caches `data` for `url`, replacing any data cached for it before.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL.
  /// - Throws: ``Error/failed`` when the store fails; `CancellationError` when the task is cancelled before the
  ///   save starts.
  public func save(_ data: Data, for url: URL) async throws {
    try Task.checkCancellation()
    do {
      try await store.insert(data, for: url)
    } catch {
      throw Error.failed
    }
  }
}
