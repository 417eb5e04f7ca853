import EssentialFeed
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Maps the image comments API's response: `{"items":[{"id","message","created_at","author":{"username"}}]}`.
///
/// Any 2xx status is accepted. Dates are ISO 8601, with or without fractional seconds. The payload is all or
/// nothing: one comment with an invalid id, a bad date or no author rejects it, as the feed's mapper does, so a
/// partial list is never shown as the whole. An empty message is a valid comment.
public enum ImageCommentsMapper {
  /// Why a response is not a list of comments.
  public enum Error: Swift.Error, Sendable, Equatable {
    /// The status is not 2xx, or the payload is not the comments JSON.
    case invalidData
  }

  private struct Root: Decodable {
    let items: [Item]
  }

  private struct Item: Decodable {
    let id: UUID
    let message: String
    let createdAt: String
    let author: Author

    enum CodingKeys: String, CodingKey {
      case id, message, author
      case createdAt = "created_at"
    }
  }

  private struct Author: Decodable {
    let username: String
  }

  /// Maps a response to the comments, in the order the payload lists them.
  ///
  /// - Throws: ``Error/invalidData``.
  public static func map(_ data: Data, from response: HTTPURLResponse) throws(Error) -> [ImageComment] {
    guard (200..<300).contains(response.statusCode), !StrictJSON.isLenient(data),
      let root = try? JSONDecoder().decode(Root.self, from: data)
    else { throw .invalidData }
    var comments: [ImageComment] = []
    comments.reserveCapacity(root.items.count)
    for item in root.items {
      guard let date = Self.date(item.createdAt) else { throw .invalidData }
      comments.append(
        ImageComment(id: item.id, message: item.message, createdAt: date, username: item.author.username))
    }
    return comments
  }

  /// An ISO 8601 date and time, with or without fractional seconds.
  private static func date(_ text: String) -> Date? {
    (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
      ?? (try? Date.ISO8601FormatStyle().parse(text))
  }
}
