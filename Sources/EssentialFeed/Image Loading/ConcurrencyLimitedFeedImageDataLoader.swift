import Foundation

/// Runs at most a given number of image loads at once; the others wait their turn, in call order.
///
/// A screen that asks for thousands of images at once would otherwise start thousands of requests together, and
/// each request's timeout would run while it waits behind the others for a connection: on a slow link most of them
/// fail although the server is healthy. Behind this decorator a request starts only when a slot is free, so its
/// timeout measures the request alone.
///
/// A caller cancelled while it waits for a slot leaves the queue at once, with `CancellationError`, and never
/// loads.
public struct ConcurrencyLimitedFeedImageDataLoader: FeedImageDataLoader {
  /// The default most loads at once: the connections per host an HTTP client usually opens.
  public static let defaultMaximumConcurrentLoads: Int = 6

  /// The most loads running at once.
  public let maximumConcurrentLoads: Int
  private let loader: any FeedImageDataLoader
  /// The slots: a load holds one while it runs.
  let slots: AsyncSemaphore

  /// Creates a decorator over `loader`.
  ///
  /// - Parameters:
  ///   - loader: The loader whose loads are limited, such as a remote loader.
  ///   - maximumConcurrentLoads: The most loads running at once; at least 1.
  public init(decorating loader: any FeedImageDataLoader, maximumConcurrentLoads: Int = defaultMaximumConcurrentLoads) {
    self.loader = loader
    self.maximumConcurrentLoads = max(1, maximumConcurrentLoads)
    slots = AsyncSemaphore(permits: self.maximumConcurrentLoads)
  }

  /// Loads the data for `url` once a slot is free.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The decorated loader's data.
  /// - Throws: The decorated loader's error, or `CancellationError` when the caller is cancelled, also while waiting.
  public func loadImageData(from url: URL) async throws -> Data {
    guard await slots.acquire() else { throw CancellationError() }
    defer { slots.release() }
    try Task.checkCancellation()
    return try await loader.loadImageData(from: url)
  }
}
