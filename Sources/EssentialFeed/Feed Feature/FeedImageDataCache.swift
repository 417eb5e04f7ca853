import Foundation

/// A place that keeps image bytes for later, keyed by the image's URL.
public protocol FeedImageDataCache: Sendable {
  /// Keeps `data` as the bytes of the image at `url`, replacing any bytes kept for it before.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL; the whole URL is the key.
  /// - Throws: The cache's own error type when the data could not be kept.
  func save(_ data: Data, for url: URL) async throws
}
