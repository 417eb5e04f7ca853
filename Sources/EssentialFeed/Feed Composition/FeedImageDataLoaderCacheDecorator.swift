import Foundation

/// A ``FeedImageDataLoader`` that delivers its decoratee's data and saves it to a ``FeedImageDataCache``.
///
/// A failed save never fails the load; a failed load saves nothing. When the calling task is cancelled nothing is
/// saved and the load throws `CancellationError`.
public struct FeedImageDataLoaderCacheDecorator: FeedImageDataLoader {
  private let decoratee: any FeedImageDataLoader
  private let cache: any FeedImageDataCache

  /// Creates a decorator that saves what `decoratee` loads into `cache`.
  ///
  /// - Parameters:
  ///   - decoratee: The loader whose data is delivered, typically the remote.
  ///   - cache: Where loaded data is saved, typically the local cache.
  public init(decoratee: any FeedImageDataLoader, cache: any FeedImageDataCache) {
    self.decoratee = decoratee
    self.cache = cache
  }

  /// Loads the data for `url` from the decoratee and saves it before delivering it.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The decoratee's data, whether or not the save succeeded.
  /// - Throws: The decoratee's error; `CancellationError` when the calling task is cancelled.
  public func loadImageData(from url: URL) async throws -> Data {
    try await loadThenSave({ try await decoratee.loadImageData(from: url) }, { try await cache.save($0, for: url) })
  }
}
