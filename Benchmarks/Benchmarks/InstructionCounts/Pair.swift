import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A pair: the package's way of doing some work, and a raw twin doing the same essential work by hand.
struct Pair: Sendable {
  struct Sides {
    var ours: () async throws -> Void
    var raw: () async throws -> Void
  }

  let name: String
  /// The instruction ratio (ours / raw) the pair must stay within.
  let goal: Double
  /// The sizes measured: 1×, 10×, 100× (the scaling rows).
  let sizes: [Int]
  /// Builds the data and stores for `size` items, outside the measured work.
  let prepare: @Sendable (Int) async throws -> Sides

  static let all: [Pair] = [mapping, searchCache, pendingLikes, limitedImageCache, windowPageReads]
}

/// Images as the server lists them.
func images(_ count: Int) -> [FeedImage] {
  (0..<count).map { index in
    FeedImage(
      id: UUID(uuidString: String(format: "DE300000-0000-4000-8000-%012X", index)) ?? UUID(),
      description: index % 7 == 3 ? nil : "A description of image \(index)",
      location: index % 5 == 4 ? nil : "Somewhere \(index % 8)",
      url: URL(string: "https://images.example.com/\(index).jpg") ?? URL(fileURLWithPath: "/"))
  }
}

/// The API's JSON for `images`.
func json(_ images: [FeedImage]) throws -> Data {
  let items: [[String: Any]] = images.map { image in
    var item: [String: Any] = ["id": image.id.uuidString, "image": image.url.absoluteString]
    item["description"] = image.description
    item["location"] = image.location
    return item
  }
  return try JSONSerialization.data(withJSONObject: ["items": items])
}

/// Keeps a result from being optimized away.
@inline(never) func keep<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
