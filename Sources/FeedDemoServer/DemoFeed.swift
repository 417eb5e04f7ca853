import Foundation

/// The demo feed: deterministic images with descriptions and locations mixed with nil, served in pages.
public enum DemoFeed {
  /// One demo image as the API describes it.
  public struct Item: Sendable, Hashable {
    /// The image's id.
    public let id: UUID
    /// Its description, or nil.
    public let description: String?
    /// Its location, or nil.
    public let location: String?
  }

  private static let places = [
    "Lisbon, Portugal", "Kyoto, Japan", "Reykjavík, Iceland", "Cape Town, South Africa", "Valparaíso, Chile",
    "Queenstown, New Zealand", "Tromsø, Norway", "Oaxaca, México",
  ]
  private static let subjects = [
    "Morning light on the old harbour", "Rain on the tram lines", "A quiet street after the festival",
    "Fishing boats at dawn", "Murals climbing the hill", "Mist over the lake", "Northern lights over the fjord",
    "Market stalls at noon",
  ]

  /// The whole demo feed, in order.
  public static func items(count: Int = 64) -> [Item] {
    (0..<count).map { index in
      Item(
        id: UUID(uuidString: String(format: "DE300000-0000-4000-8000-%012X", index)) ?? UUID(),
        description: index % 7 == 3 ? nil : "\(subjects[index % subjects.count]) #\(index + 1)",
        location: index % 5 == 4 ? nil : places[(index * 3) % places.count]
      )
    }
  }

  /// The page of `items` after the item with id `afterID` (from the start when nil), at most `limit` long.
  public static func page(of items: [Item], after afterID: UUID?, limit: Int) -> [Item] {
    let start = afterID.flatMap { id in items.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
    return Array(items[min(start, items.count)...].prefix(max(0, limit)))
  }

  /// The API's JSON for `items`, with image URLs under `baseURL`.
  public static func json(for items: [Item], baseURL: URL) throws -> Data {
    let objects: [[String: Any]] = items.map { item in
      var object: [String: Any] = [
        "id": item.id.uuidString, "image": imageURL(for: item.id, baseURL: baseURL).absoluteString,
      ]
      object["description"] = item.description ?? NSNull()
      if let location = item.location { object["location"] = location }
      return object
    }
    return try JSONSerialization.data(withJSONObject: ["items": objects])
  }

  /// Where an image's bytes are served.
  public static func imageURL(for id: UUID, baseURL: URL) -> URL {
    baseURL.appending(path: "images/\(id.uuidString)")
  }

  /// The bytes of an image: a small grey-scale PGM picture, different for each id.
  public static func imageData(for id: UUID) -> Data {
    let seed = id.uuidString.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFF }
    let (width, height) = (32 + seed % 32, 24 + seed % 16)
    var bytes = Array("P5\n\(width) \(height)\n255\n".utf8)
    for y in 0..<height {
      for x in 0..<width { bytes.append(UInt8((x * 5 + y * 3 + seed) & 0xFF)) }
    }
    return Data(bytes)
  }
}
