import Foundation

/// Keeps image data keyed by the image's whole URL.
///
/// - Important: Every operation is atomic and concurrent callers observe a linearizable history. URLs that differ in
///   any part (host, path, query) are different keys. A failure is a thrown error, never a crash.
///   `EssentialFeedSpecs.FeedImageDataStoreSpec` checks this for any implementation.
public protocol FeedImageDataStore: Sendable {
  /// Stores `data` for `url`, replacing any data stored for it before.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL; the whole URL is the key.
  /// - Throws: The store's error when the data could not be stored; what was stored before is then unchanged.
  func insert(_ data: Data, for url: URL) async throws

  /// Retrieves the data stored for `url`. Retrieval never changes the store.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The stored data, or `nil` when nothing is stored for exactly this URL.
  /// - Throws: The store's error when stored data exists but cannot be read.
  func retrieve(dataForURL url: URL) async throws -> Data?
}
