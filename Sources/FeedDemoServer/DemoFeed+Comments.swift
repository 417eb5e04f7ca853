import Foundation

extension DemoFeed {
  /// One demo comment as the API describes it.
  public struct Comment: Sendable, Hashable {
    /// The comment's id.
    public let id: UUID
    /// What was written.
    public let message: String
    /// When, as the API writes it: ISO 8601.
    public let createdAt: String
    /// Who wrote it.
    public let username: String
  }

  private static let usernames = ["ana", "kenji", "sigrid", "thabo", "valentina", "aroha"]

  /// The comments of the image at `index`, the same on every run: none for every fourth image, else one to three.
  public static func comments(forImageAt index: Int) -> [Comment] {
    let base = Date(timeIntervalSince1970: 1_760_000_000)
    return (0..<(index % 4)).map { number in
      Comment(
        id: UUID(uuidString: String(format: "C0330000-0000-4000-8000-%08X%04X", index, number)) ?? UUID(),
        message: "Comment \(number + 1) on image #\(index + 1)",
        createdAt: (base - Double(index * 3_600 + number * 86_400)).formatted(.iso8601),
        username: usernames[(index + number) % usernames.count])
    }
  }

  /// The API's JSON for `comments`.
  public static func json(for comments: [Comment]) throws -> Data {
    let items: [[String: Any]] = comments.map {
      ["id": $0.id.uuidString, "message": $0.message, "created_at": $0.createdAt, "author": ["username": $0.username]]
    }
    return try JSONSerialization.data(withJSONObject: ["items": items])
  }
}
