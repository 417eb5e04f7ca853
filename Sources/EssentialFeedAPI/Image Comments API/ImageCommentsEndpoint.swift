import Foundation

/// The image comments API's endpoints, turned into URLs against any base URL.
public enum ImageCommentsEndpoint: Sendable, Hashable {
  /// The comments of the image with `id`.
  case get(UUID)

  /// The endpoint's URL: `<base>/v1/image/<id>/comments`, keeping the base URL's scheme, host, port and path.
  ///
  /// - Parameter baseURL: The API's root.
  public func url(baseURL: URL) -> URL {
    switch self {
    case .get(let id):
      baseURL.appending(path: "v1/image/\(id.uuidString)/comments")
    }
  }
}
