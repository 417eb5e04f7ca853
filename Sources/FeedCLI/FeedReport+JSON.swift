import Foundation

/// The JSON output: every field always present (`null` when absent, so a script never tests for a missing key),
/// plus the image counts the text summary states.
extension FeedReport {
  private enum JSONKeys: String, CodingKey {
    case title, server, embeddedServer, store, feedSource, serverProblem, saveProblem, entries, imageCacheProblem
    case imageCacheBusy, imageCacheHealed, imagesLoaded, imagesFailed, imagesFromCache, imagesFromServer
  }

  /// The number of images that loaded.
  var imagesLoaded: Int { entries.count - imagesFailed }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKeys.self)
    try container.encode(title, forKey: .title)
    try container.encode(server, forKey: .server)
    try container.encode(embeddedServer, forKey: .embeddedServer)
    try container.encode(store, forKey: .store)
    try container.encode(feedSource, forKey: .feedSource)
    try container.encode(serverProblem, forKey: .serverProblem)
    try container.encode(saveProblem, forKey: .saveProblem)
    try container.encode(entries, forKey: .entries)
    try container.encode(imageCacheProblem, forKey: .imageCacheProblem)
    try container.encode(imageCacheBusy, forKey: .imageCacheBusy)
    try container.encode(imageCacheHealed, forKey: .imageCacheHealed)
    try container.encode(imagesLoaded, forKey: .imagesLoaded)
    try container.encode(imagesFailed, forKey: .imagesFailed)
    try container.encode(imagesFromCache, forKey: .imagesFromCache)
    try container.encode(imagesFromServer, forKey: .imagesFromServer)
  }
}

extension FeedReport.Entry {
  private enum JSONKeys: String, CodingKey {
    case id, description, location, url, imageBytes, imageSource, imageError
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(description, forKey: .description)
    try container.encode(location, forKey: .location)
    try container.encode(url, forKey: .url)
    try container.encode(imageBytes, forKey: .imageBytes)
    try container.encode(imageSource, forKey: .imageSource)
    try container.encode(imageError, forKey: .imageError)
  }
}
