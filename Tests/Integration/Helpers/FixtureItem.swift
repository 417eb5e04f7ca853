import EssentialFeed
import Foundation

/// One fixture feed item, as JSON the server sends and as the image the loader must deliver.
struct FixtureItem: Sendable {
  let id: UUID
  let description: String?
  let location: String?
  let imagePath: String
  /// Whether nil fields are left out of the JSON (absent keys) instead of sent as `null`.
  let omitsNilKeys: Bool

  var json: [String: Any] {
    var json: [String: Any] = ["id": id.uuidString, "image": "http://127.0.0.1/\(imagePath)"]
    for (key, value) in [("description", description), ("location", location)] {
      if let value {
        json[key] = value
      } else if !omitsNilKeys {
        json[key] = NSNull()
      }
    }
    return json
  }

  /// The image the remote loader must map this item to.
  func image() -> FeedImage? {
    guard let url = URL(string: "http://127.0.0.1/\(imagePath)") else { return nil }
    return FeedImage(id: id, description: description, location: location, url: url)
  }

  static func imageData(named name: String) -> Data {
    Data("image bytes of \(name)".utf8)
  }

  static let fixtures: [FixtureItem] = [
    make(1, "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "Description 1", "Location 1", omitsNilKeys: false),
    make(2, "BA298A85-6275-48D3-8315-9C8F7C1CD109", nil, "Location 2", omitsNilKeys: false),
    make(3, "5A0D45B3-8E26-4385-8C5D-213E160A5E3C", "Description 3", nil, omitsNilKeys: false),
    make(4, "FF0ECFE2-2879-403F-8DBE-A83B4010B340", nil, nil, omitsNilKeys: false),
    make(5, "DC97EF5E-2CC9-4905-A8AD-3C351C311001", "Description 5", "Location 5", omitsNilKeys: true),
    make(6, "557D87F1-25D3-4D77-82E9-364B2ED9CB30", nil, "Location 6", omitsNilKeys: true),
    make(7, "A83284EF-C2DF-415D-AB73-2A9B8B04950B", "Description 7", nil, omitsNilKeys: true),
    make(8, "F79BD7F8-063F-46E2-8147-A67635C3BB01", nil, nil, omitsNilKeys: true),
    make(9, "3F8D2B5E-1E49-4C9A-9B31-6F2A0C7D8E11", "Ünïcödé 🌍 café", "Zürich, Schweiz", omitsNilKeys: false),
  ]

  private static func make(
    _ n: Int, _ id: String, _ description: String?, _ location: String?, omitsNilKeys: Bool
  ) -> FixtureItem {
    guard let uuid = UUID(uuidString: id) else { preconditionFailure("fixture ids are valid UUIDs: \(id)") }
    return FixtureItem(
      id: uuid, description: description, location: location, imagePath: "images/\(n)", omitsNilKeys: omitsNilKeys)
  }
}
