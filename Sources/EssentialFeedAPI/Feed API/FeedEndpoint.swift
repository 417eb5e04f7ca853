import EssentialFeed
import Foundation

/// The feed API's endpoints, turned into URLs against any base URL.
public enum FeedEndpoint: Sendable, Hashable {
  /// A page of the feed: `limit` images, starting after `after` (the last image of the previous page), or the first
  /// page when `after` is `nil`.
  case get(after: FeedImage? = nil, limit: Int = 10)

  /// The endpoint's URL: `<base>/v1/feed?limit=N[&after_id=UUID]`.
  ///
  /// The base URL's scheme, host, port and path are kept; `v1/feed` is appended to its path.
  ///
  /// - Parameter baseURL: The API's root, for example `https://api.example.com/essential`.
  /// - Returns: The URL to request.
  public func url(baseURL: URL) -> URL {
    switch self {
    case .get(let after, let limit):
      var query = [URLQueryItem(name: "limit", value: String(limit))]
      if let after {
        query.append(URLQueryItem(name: "after_id", value: after.id.uuidString))
      }
      return baseURL.appending(path: "v1/feed").appending(queryItems: query)
    }
  }
}
