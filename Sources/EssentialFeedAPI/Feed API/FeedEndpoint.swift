import EssentialFeed
import Foundation

/// The feed API's endpoints, turned into URLs against any base URL.
public enum FeedEndpoint: Sendable, Hashable {
  /// A page of the feed: `limit` images, starting after `after` (the last image of the previous page), or the first
  /// page when `after` is `nil`.
  case get(after: FeedImage? = nil, limit: Int = 10)
  /// A page of the images matching `keyword`: `limit` of them after `after`, or the first page. The keyword is
  /// sent trimmed of surrounding whitespace.
  case search(String, after: FeedImage? = nil, limit: Int = 30)

  /// The endpoint's URL: `<base>/v1/feed?limit=N[&after_id=UUID]`, or
  /// `<base>/v1/feed/search?q=KEYWORD&limit=N[&after_id=UUID]` with every byte of the keyword that is not an
  /// unreserved character percent-encoded (`&`, `#`, `%`, `+`, spaces, control characters, emoji).
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
    case .search(let keyword, let after, let limit):
      var query = "q=" + Self.percentEncoded(keyword.trimmingCharacters(in: .whitespacesAndNewlines))
      query += "&limit=\(limit)"
      if let after { query += "&after_id=\(after.id.uuidString)" }
      let url = baseURL.appending(path: "v1/feed/search")
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
      components?.percentEncodedQuery = query
      return components?.url ?? url
    }
  }

  /// `text` with every byte but RFC 3986's unreserved characters percent-encoded, so it is one query value.
  private static func percentEncoded(_ text: String) -> String {
    text.utf8.map { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        String(UnicodeScalar(byte))
      default:
        String(format: "%%%02X", byte)
      }
    }.joined()
  }
}
