import EssentialFeed
import Foundation

// The label a page's size had before the package said `limit` for it everywhere (stores, caches, endpoints and the
// loaders that call them): kept, deprecated, for this release.

extension RemoteFeedPageLoader {
  /// Creates a page loader.
  @available(*, deprecated, renamed: "init(baseURL:client:keyword:limit:)")
  public init(baseURL: URL, client: any HTTPClient, keyword: String? = nil, pageSize: Int) {
    self.init(baseURL: baseURL, client: client, keyword: keyword, limit: pageSize)
  }
}

extension RemoteLikedImagesLoader {
  /// Creates a loader.
  @available(*, deprecated, renamed: "init(baseURL:client:limit:)")
  public init(baseURL: URL, client: any HTTPClient, pageSize: Int) {
    self.init(baseURL: baseURL, client: client, limit: pageSize)
  }
}
