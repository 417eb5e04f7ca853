import EssentialFeed
import Foundation

/// Loads images through `decoratee` (the cache first), but asks `server` again for an image whose bytes proved no
/// picture: the image cache keeps what the server sent, so without this a retry would get the same bytes forever.
/// The server's answer replaces them in the cache.
struct UndecodableRefetchingImageLoader: FeedImageDataLoader {
  let decoratee: any FeedImageDataLoader
  /// The server, its answer saved to the cache; `nil` offline.
  let server: (any FeedImageDataLoader)?
  let undecodable: UndecodableImages

  func loadImageData(from url: URL) async throws -> Data {
    let data = try await decoratee.loadImageData(from: url)
    guard let server, undecodable.take(data) else { return data }
    return try await server.loadImageData(from: url)
  }
}
