import EssentialFeed
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Maps the feed API's response to feed images.
///
/// Only status 200 with a body of the form `{"items":[{"id","description","location","image"}]}` maps; description
/// and location may be `null` or absent. The payload is all or nothing: one invalid item (an `id` that is not a
/// UUID, an `image` that is not an absolute `http` or `https` URL with a host) makes the whole payload invalid, so a
/// partial feed is never delivered, and never cached over a complete one. The JSON must be strict: a trailing comma
/// before `]` or `}`, a key repeated in one object, or a string that is not UTF-8 is invalid data.
public enum FeedItemsMapper {
  private struct Root: Decodable {
    let items: [Item]
  }

  private struct Item: Decodable {
    let id: UUID
    let description: String?
    let location: String?
    let image: String
  }

  /// Maps a response to the feed's images, in the order the payload lists them.
  ///
  /// - Parameters:
  ///   - data: The response body.
  ///   - response: The HTTP response it came with.
  /// - Returns: The images; an empty `items` list is an empty feed.
  /// - Throws: ``RemoteFeedLoader/Error/invalidData`` for any status other than 200, malformed JSON, or an invalid
  ///   item.
  public static func map(_ data: Data, from response: HTTPURLResponse) throws -> [FeedImage] {
    guard response.statusCode == 200, !StrictJSON.isLenient(data),
      let root = try? JSONDecoder().decode(Root.self, from: data)
    else {
      throw RemoteFeedLoader.Error.invalidData
    }
    var images: [FeedImage] = []
    images.reserveCapacity(root.items.count)
    for item in root.items {
      guard let url = AbsoluteHTTPURL.parse(item.image) else {
        throw RemoteFeedLoader.Error.invalidData
      }
      images.append(FeedImage(id: item.id, description: item.description, location: item.location, url: url))
    }
    return images
  }
}
