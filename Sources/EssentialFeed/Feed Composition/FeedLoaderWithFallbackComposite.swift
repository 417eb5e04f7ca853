/// A ``FeedLoader`` that delivers the primary's feed, or the fallback's result when the primary fails.
///
/// Cancellation is not a failure: when the calling task is cancelled, the fallback is never asked and the load throws
/// `CancellationError`.
public struct FeedLoaderWithFallbackComposite: FeedLoader {
  private let primary: any FeedLoader
  private let fallback: any FeedLoader

  /// Creates a composite that tries `primary`, then `fallback`.
  ///
  /// - Parameters:
  ///   - primary: The loader tried first, typically the remote.
  ///   - fallback: The loader used when the primary fails, typically the cache.
  public init(primary: any FeedLoader, fallback: any FeedLoader) {
    self.primary = primary
    self.fallback = fallback
  }

  /// Loads from the primary, falling back on its failure.
  ///
  /// - Returns: The primary's feed, or the fallback's when the primary failed.
  /// - Throws: The fallback's error when both fail; `CancellationError` when the calling task is cancelled.
  public func load() async throws -> [FeedImage] {
    try await withFallback({ try await primary.load() }, { try await fallback.load() })
  }
}

/// Runs `primary`, and `fallback` when it fails for any reason but cancellation. Nothing is delivered once the
/// calling task is cancelled.
func withFallback<T: Sendable>(
  _ primary: () async throws -> T, _ fallback: () async throws -> T
) async throws -> T {
  try Task.checkCancellation()
  do {
    let value = try await primary()
    try Task.checkCancellation()
    return value
  } catch let error as CancellationError {
    throw error
  } catch {
    try Task.checkCancellation()
    let value = try await fallback()
    try Task.checkCancellation()
    return value
  }
}
