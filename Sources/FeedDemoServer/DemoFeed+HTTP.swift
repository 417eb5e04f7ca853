import Foundation

extension DemoFeed {
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
