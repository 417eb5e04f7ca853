import Foundation

/// A source of image bytes for a feed image's URL.
///
/// Implementations honour cooperative cancellation: when the calling task is cancelled, the load stops, and
/// `CancellationError` is thrown instead of data or a domain error.
public protocol FeedImageDataLoader: Sendable {
  /// Loads the image data stored at, or cached for, `url`.
  ///
  /// - Parameter url: The image's URL, as given by ``FeedImage/url``.
  /// - Returns: The image's bytes.
  /// - Throws: The source's own error type on failure, or `CancellationError` when the calling task is cancelled.
  func loadImageData(from url: URL) async throws -> Data
}
