import EssentialFeed
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The likes API's endpoints.
///
/// - `GET <base>/v1/likes?limit=N[&after_id=<id>]`: the liked images, a page at a time (the feed's item JSON).
/// - `PUT <base>/v1/likes/<image id>` likes, `DELETE <base>/v1/likes/<image id>` discards; both answer
///   `{"id": "<image id>", "liked": true|false}` and carry an `Idempotency-Key` header, the action's id.
public enum LikesEndpoint: Hashable, Sendable {
  /// A page of the liked images, after `after` (the last image of the page before) when given.
  case list(after: FeedImage? = nil, limit: Int = 30)
  /// The action: `PUT` for a like, `DELETE` for a discard.
  case send(PendingLikeAction)

  /// The endpoint's URL under `baseURL`.
  ///
  /// - Parameter baseURL: The API's base URL.
  public func url(baseURL: URL) -> URL {
    switch self {
    case .list(let after, let limit):
      var query = [URLQueryItem(name: "limit", value: String(limit))]
      if let after { query.append(URLQueryItem(name: "after_id", value: after.id.uuidString)) }
      return baseURL.appending(path: "v1/likes").appending(queryItems: query)
    case .send(let action):
      return baseURL.appending(path: "v1/likes").appending(path: action.imageID.uuidString)
    }
  }

  /// The request for the endpoint under `baseURL`: its method, and for an action the `Idempotency-Key` header.
  ///
  /// - Parameter baseURL: The API's base URL.
  public func request(baseURL: URL) -> URLRequest {
    var request = URLRequest(url: url(baseURL: baseURL))
    switch self {
    case .list: request.httpMethod = "GET"
    case .send(let action):
      request.httpMethod = action.kind == .like ? "PUT" : "DELETE"
      request.setValue(action.id.uuidString, forHTTPHeaderField: "Idempotency-Key")
    }
    return request
  }
}
