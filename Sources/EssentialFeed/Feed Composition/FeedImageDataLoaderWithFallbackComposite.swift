import Foundation

/// A ``FeedImageDataLoader`` that delivers the primary's data, or the fallback's result when the primary fails.
///
/// Cancelling the calling task cancels whichever loader is running; the fallback is never asked after a
/// cancellation, and nothing is delivered after it.
public struct FeedImageDataLoaderWithFallbackComposite: FeedImageDataLoader {
  private let primary: any FeedImageDataLoader
  private let fallback: any FeedImageDataLoader

  /// Creates a composite that tries `primary`, then `fallback`.
  ///
  /// - Parameters:
  ///   - primary: The loader tried first, typically the cache.
  ///   - fallback: The loader used when the primary fails, typically the remote.
  public init(primary: any FeedImageDataLoader, fallback: any FeedImageDataLoader) {
    self.primary = primary
    self.fallback = fallback
  }

  /// Loads the data for `url` from the primary, falling back on its failure.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The primary's data, or the fallback's when the primary failed.
  /// - Throws: The fallback's error when both fail; `CancellationError` when the calling task is cancelled.
  public func loadImageData(from url: URL) async throws -> Data {
    try await withFallback(
      { try await primary.loadImageData(from: url) }, { try await fallback.loadImageData(from: url) })
  }
}
