import EssentialFeed
import Foundation

/// A feed item as the domain sees it and as the API sends it.
struct RemoteItemFixture {
  let model: FeedImage
  let json: [String: Any]
}

/// An item with a unique id and image URL; `omitNilKeys` leaves nil fields out of the JSON instead of sending null.
func makeItem(
  description: String? = "a description",
  location: String? = "a location",
  omitNilKeys: Bool = false
) -> RemoteItemFixture {
  let id = UUID()
  let url = anyURL()
  var json: [String: Any] = ["id": id.uuidString, "image": url.absoluteString]
  for (key, value) in [("description", description), ("location", location)] {
    if let value {
      json[key] = value
    } else if !omitNilKeys {
      json[key] = NSNull()
    }
  }
  return RemoteItemFixture(
    model: FeedImage(id: id, description: description, location: location, url: url),
    json: json
  )
}

/// The API's feed payload for `items`.
func makeItemsJSON(_ items: [[String: Any]]) -> Data {
  do {
    return try JSONSerialization.data(withJSONObject: ["items": items])
  } catch {
    preconditionFailure("test fixtures are always valid JSON objects: \(error)")
  }
}
