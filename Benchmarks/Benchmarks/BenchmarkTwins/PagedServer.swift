import EssentialFeedAPI
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `pages` pages of 30 images, answered in memory by the `after_id` in the URL, as a keyset server would.
public struct PagedServer: HTTPClient {
  /// Images per page.
  public static let pageSize = 30
  private let bodies: [String: Data]

  /// A server of `pages` full pages, then an empty one.
  public init(pages: Int) {
    let images = Payloads.images(pages * Self.pageSize)
    var bodies: [String: Data] = [:]
    for page in 0...pages {
      let start = page * Self.pageSize
      let after = page == 0 ? "" : images[start - 1].id.uuidString
      bodies[after] = Payloads.json(
        items: Array(images[min(start, images.count)..<min(start + Self.pageSize, images.count)]))
    }
    self.bodies = bodies
  }

  /// The page after the `after_id` in `url`: the work any client of this server does to learn what to ask next.
  public func body(for url: URL) -> Data {
    let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    return bodies[query.first { $0.name == "after_id" }?.value ?? ""] ?? Data()
  }

  /// The page the URL's `after_id` asks for, with a 200 response.
  public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    (body(for: url), Payloads.ok)
  }

  /// The raw twin of paging through this server: the same requests and decoding by hand, until an empty page.
  public func rawPages() throws -> [PlainImage] {
    var all: [PlainImage] = []
    while true {
      var url = "https://api.example.com/v1/feed?limit=\(Self.pageSize)"
      if let last = all.last { url += "&after_id=\(last.id.uuidString)" }
      let page = try Raw.map(body(for: URL(string: url) ?? URL(fileURLWithPath: "/")))
      if page.isEmpty { return all }
      all += page
    }
  }
}
