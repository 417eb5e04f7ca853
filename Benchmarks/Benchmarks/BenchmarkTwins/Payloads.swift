import EssentialFeed
import EssentialFeedCache
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Deterministic payloads: `count` images, descriptions and locations mixed with nil.
public enum Payloads {
  public static func images(_ count: Int) -> [FeedImage] {
    (0..<count).map { index in
      FeedImage(
        id: UUID(uuidString: String(format: "BE7C0000-0000-4000-8000-%012X", index)) ?? UUID(),
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
    let items: [[String: Any]] = (0..<count).map { index in
      [
        "id": UUID().uuidString, "message": "Comment number \(index) on this image",
        "created_at": "2025-10-0\(index % 9 + 1)T12:34:56Z", "author": ["username": "user\(index % 50)"],
      ]
    }
    return (try? JSONSerialization.data(withJSONObject: ["items": items])) ?? Data()
  }

  /// The API's JSON for `images`.
  public static func json(items images: [FeedImage]) -> Data {
    let items: [[String: Any]] = images.map { image in
      var item: [String: Any] = ["id": image.id.uuidString, "image": image.url.absoluteString]
      item["description"] = image.description ?? NSNull()
      if let location = image.location { item["location"] = location }
      return item
    }
    return (try? JSONSerialization.data(withJSONObject: ["items": items])) ?? Data()
  }

  public static let ok: HTTPURLResponse = {
    guard let url = URL(string: "https://api.example.com/v1/feed"),
      let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
    else { preconditionFailure("a 200 response for a literal URL always builds") }
    return response
  }()

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
  public let id: UUID
  public let description: String?
  public let location: String?
  public let url: URL

  public init(id: UUID, description: String?, location: String?, url: URL) {
    self.id = id
    self.description = description
    self.location = location
    self.url = url
  }

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

public enum Raw {
  public static func comments(_ data: Data) throws -> [RawComment] {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(RawComments.self, from: data).items
  }

  public static func map(_ data: Data) throws -> [PlainImage] {
    try JSONDecoder().decode(RawRoot.self, from: data).items.map {
      PlainImage(id: $0.id, description: $0.description, location: $0.location, url: $0.image)
    }
  }

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
  public init() {}
  public func save(_ feed: [FeedImage]) async throws {}
}
