import EssentialFeed
import EssentialFeedAPI
import Foundation
import Testing

@Suite("Feed Endpoint")
struct FeedEndpointSpecs {
  @Test("FEP-1 the first page is <base>/v1/feed with the default limit of 10")
  func firstPage() throws {
    let base = try #require(URL(string: "http://base-url.com"))

    let url = FeedEndpoint.get().url(baseURL: base)

    #expect(url.absoluteString == "http://base-url.com/v1/feed?limit=10")
  }

  @Test("FEP-2 a later page adds after_id with the last image's id, and the requested limit")
  func pageAfterImage() throws {
    let base = try #require(URL(string: "https://base-url.com"))
    let last = makeItem().model

    let url = FeedEndpoint.get(after: last, limit: 30).url(baseURL: base)
    let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))

    #expect(components.scheme == "https")
    #expect(components.host == "base-url.com")
    #expect(components.path == "/v1/feed")
    #expect(
      Set(components.queryItems ?? []) == [
        URLQueryItem(name: "limit", value: "30"), URLQueryItem(name: "after_id", value: last.id.uuidString),
      ]
    )
  }

  @Test(
    "FEP-3 keeps the base URL's scheme, host, port and path",
    arguments: [
      ("http://host.com/api", "http://host.com/api/v1/feed?limit=10"),
      ("https://host.com/api/", "https://host.com/api/v1/feed?limit=10"),
      ("http://127.0.0.1:8080/a/b", "http://127.0.0.1:8080/a/b/v1/feed?limit=10"),
    ]
  )
  func keepsBase(base: String, expected: String) throws {
    let url = FeedEndpoint.get().url(baseURL: try #require(URL(string: base)))

    #expect(url.absoluteString == expected)
  }
}
