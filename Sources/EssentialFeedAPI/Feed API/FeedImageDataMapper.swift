import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Maps an image response to the image's bytes.
public enum FeedImageDataMapper {
  /// Maps a response to image data: only status 200 with a non-empty body is an image.
  ///
  /// - Parameters:
  ///   - data: The response body.
  ///   - response: The HTTP response it came with.
  /// - Returns: `data`, unchanged.
  /// - Throws: ``RemoteFeedImageDataLoader/Error/invalidData`` for any status other than 200 or an empty body.
  public static func map(_ data: Data, from response: HTTPURLResponse) throws -> Data {
    guard response.statusCode == 200, !data.isEmpty else {
      throw RemoteFeedImageDataLoader.Error.invalidData
    }
    return data
  }
}
