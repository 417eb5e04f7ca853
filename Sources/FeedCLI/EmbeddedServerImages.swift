import EssentialFeedAPI
import FeedDemoServer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension FeedComposer.Decorators {
  /// These decorators, with the image requests for the embedded demo server's stable image URLs sent to `server`,
  /// the port it listens on this run; the same decorators without one.
  ///
  /// The embedded server names its images under a base URL that is the same every run
  /// (``DemoFeedServer/stableImageBaseURL(for:)``): the image cache, keyed by URL, then finds them on the next run,
  /// where URLs carrying the server's random port never hit.
  func mappingEmbeddedImages(to server: URL?) -> Self {
    guard let server else { return self }
    var decorators = self
    decorators.imageClient = { [imageClient] in imageClient(EmbeddedServerImages(decoratee: $0, server: server)) }
    return decorators
  }
}

/// Sends a request for an image of the embedded server's stable base URL to the server's own address.
private struct EmbeddedServerImages: HTTPClient {
  let decoratee: any HTTPClient
  let server: URL

  func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    guard url.host()?.hasSuffix(".embedded-demo.invalid") == true,
      var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return try await decoratee.get(from: url) }
    (parts.scheme, parts.host, parts.port) = (server.scheme, server.host(), server.port)
    return try await decoratee.get(from: parts.url ?? url)
  }
}
