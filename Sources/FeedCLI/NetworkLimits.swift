import EssentialFeed
import EssentialFeedAPI
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How long one request may take in all, and how large an answer may be: past either, the load fails (as
/// `connectivity`) and the app falls back to the cache, so a slow or huge answer can never hang it or fill memory.
struct NetworkLimits: Sendable {
  /// The default whole-request timeout, in seconds (`--timeout`).
  static let defaultTimeout: TimeInterval = 30

  /// The longest a request may take, from start to last byte, in seconds.
  var timeout: TimeInterval = defaultTimeout
  /// The largest response body accepted, in bytes (`--max-response-bytes`).
  var maximumResponseBytes: Int = URLSessionHTTPClient.defaultMaximumBodySize

  /// The default number of image requests open at once (`--image-requests`).
  static let defaultImageRequests = ConcurrencyLimitedFeedImageDataLoader.defaultMaximumConcurrentLoads
  /// How many image requests may be open at once; the others wait, their timeout not running yet.
  var imageRequests = defaultImageRequests

  /// An HTTP client with these limits on a session of its own.
  func makeClient() -> URLSessionHTTPClient {
    FeedComposer.httpClient(timeout: timeout, maximumBodySize: maximumResponseBytes)
  }
}
