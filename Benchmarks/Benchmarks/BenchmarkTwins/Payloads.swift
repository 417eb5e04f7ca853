import EssentialFeed
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Deterministic payloads: `count` images, descriptions and locations mixed with nil.
public enum Payloads {
  /// A fixed id: `tag` in the first bytes, `index` in the last; built from bytes (parsing a formatted string costs
  /// more than the work some pairs measure, and is repeated by every run under callgrind).
  public static func id(_ tag: UInt16, _ index: Int) -> UUID {
    let i = UInt64(truncatingIfNeeded: index)
    func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: i >> shift) }
    return UUID(
      uuid: (
        UInt8(tag >> 8), UInt8(tag & 0xFF), 0, 0, 0, 0, 0x40, 0, 0x80, 0, byte(40), byte(32), byte(24), byte(16),
        byte(8), byte(0)
      ))
  }

  /// `count` images, descriptions and locations mixed with nil.
  public static func images(_ count: Int) -> [FeedImage] {
    (0..<count).map { index in
      FeedImage(
        id: id(0xBE7C, index),
        description: index % 3 == 0 ? nil : "Description of image \(index) with some words",
        location: index % 5 == 0 ? nil : "Location \(index), Somewhere",
        url: URL(string: "https://images.example.com/feed/\(index)/image.jpg") ?? URL(fileURLWithPath: "/")
      )
    }
  }

  /// The API's JSON for `count` images.
  public static func json(_ count: Int) -> Data {
    json(items: images(count))
  }

  /// The comments API's JSON for `count` comments, dates without fractional seconds.
  public static func commentsJSON(_ count: Int) -> Data {
    encode(
      (0..<count).map { index in
        PayloadComment(
          id: id(0xC044, index).uuidString, message: "Comment number \(index) on this image",
          createdAt: "2025-10-0\(index % 9 + 1)T12:34:56Z", author: .init(username: "user\(index % 50)"))
      })
  }

  /// The API's JSON for `images`: a nil description as `null`, a nil location left out.
  public static func json(items images: [FeedImage]) -> Data {
    encode(images.map(PayloadItem.init))
  }

  /// `{"items": [...]}` by `JSONEncoder`, which costs a small part of what `JSONSerialization` does with `Any`
  /// (setup that every run under callgrind repeats).
  private static func encode<Item: Encodable>(_ items: [Item]) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    return (try? encoder.encode(["items": items])) ?? Data()
  }

  /// A 200 response of the feed API.
  public static let ok: HTTPURLResponse = {
    guard let url = URL(string: "https://api.example.com/v1/feed"),
      let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
    else { preconditionFailure("a 200 response for a literal URL always builds") }
    return response
  }()

  /// `size` bytes of a pattern that `seed` shifts.
  public static func blob(_ size: Int, seed: Int) -> Data {
    Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) })
  }

  /// A fresh, empty directory for one benchmark: in memory (/dev/shm) where the system has it, so ours and the
  /// baseline are compared on the work they do, not on the disk's writeback of earlier benchmarks.
  public static func temporaryDirectory(_ name: String) -> URL {
    var isDirectory: ObjCBool = false
    let shm = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
    let root = shm ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    let url = root.appending(path: "feed-bench-\(name)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

// MARK: - Raw baselines: the same essential work, with plain Foundation and no EssentialFeed code.

/// A plain value with the same fields as a feed image.
public struct PlainImage: Codable, Hashable, Sendable {
  /// The image's id.
  public let id: UUID
  /// The image's description, if any.
  public let description: String?
  /// The image's location, if any.
  public let location: String?
  /// The image's URL.
  public let url: URL

  /// An image of these fields.
  public init(id: UUID, description: String?, location: String?, url: URL) {
    self.id = id
    self.description = description
    self.location = location
    self.url = url
  }

  /// The fields of `image`.
  public init(_ image: FeedImage) {
    self.init(id: image.id, description: image.description, location: image.location, url: image.url)
  }
}

/// The API's item, decoded with plain `Decodable`.
struct RawItem: Decodable {
  let id: UUID
  let description: String?
  let location: String?
  let image: URL
}

struct RawRoot: Decodable {
  let items: [RawItem]
}

/// The cache as a plain `Codable` value.
struct RawCache: Codable {
  let timestamp: Date
  let feed: [PlainImage]
}

/// The comments API's item, decoded with plain `Decodable`.
public struct RawComment: Decodable {
  struct Author: Decodable { let username: String }
  let id: UUID
  let message: String
  let createdAt: Date
  let author: Author

  enum CodingKeys: String, CodingKey {
    case id, message, author
    case createdAt = "created_at"
  }
}

struct RawComments: Decodable {
  let items: [RawComment]
}

/// The raw twins of mapping and caching: plain Foundation, no EssentialFeed code.
public enum Raw {
  /// The comments of the API's JSON, by plain `Decodable` with ISO 8601 dates.
  public static func comments(_ data: Data) throws -> [RawComment] {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(RawComments.self, from: data).items
  }

  /// The images of the API's JSON, by plain `Decodable`.
  public static func map(_ data: Data) throws -> [PlainImage] {
    try JSONDecoder().decode(RawRoot.self, from: data).items.map {
      PlainImage(id: $0.id, description: $0.description, location: $0.location, url: $0.image)
    }
  }

  /// `feed` written as JSON to `url` atomically, then read and decoded again.
  public static func jsonRoundTrip(_ feed: [PlainImage], at url: URL) throws -> [PlainImage] {
    let data = try JSONEncoder().encode(RawCache(timestamp: Date(), feed: feed))
    try data.write(to: url, options: .atomic)
    return try JSONDecoder().decode(RawCache.self, from: Data(contentsOf: url)).feed
  }

  /// Copies the feed into a plain struct and maps it back, as an in-memory cache must at least do.
  public static func memoryRoundTrip(_ feed: [FeedImage]) -> [FeedImage] {
    let stored = RawCache(
      timestamp: Date(),
      feed: feed.map { PlainImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url) })
    return stored.feed.map { FeedImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url) }
  }
}

/// A cache that keeps nothing: the decorator pair measures the decorator, not a cache.
public struct NoOpCache: FeedCache {
  /// A cache that keeps nothing.
  public init() {}
  /// Keeps nothing.
  public func save(_ feed: [FeedImage]) async throws {}
}

/// An item of the feed API as the server writes it.
private struct PayloadItem: Encodable {
  let image: FeedImage

  enum CodingKeys: String, CodingKey { case id, description, location, image }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(image.id.uuidString, forKey: .id)
    try container.encode(image.description, forKey: .description)  // null when nil
    try container.encodeIfPresent(image.location, forKey: .location)
    try container.encode(image.url.absoluteString, forKey: .image)
  }
}

/// A comment of the comments API as the server writes it.
private struct PayloadComment: Encodable {
  struct Author: Encodable { let username: String }
  let id: String
  let message: String
  let createdAt: String
  let author: Author

  enum CodingKeys: String, CodingKey {
    case id, message, author
    case createdAt = "created_at"
  }
}
