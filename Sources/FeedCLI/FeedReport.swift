import EssentialFeed
import Foundation

/// Everything a run found, in the shape both the text and the JSON output read.
struct FeedReport: Codable, Equatable {
  struct Entry: Codable, Equatable {
    var id: UUID
    var description: String?
    var location: String?
    var url: URL
    var imageBytes: Int?
    var imageSource: OriginRecorder.Origin?
    var imageError: String?
  }

  /// The feed screen's localized title.
  var title: String
  /// The server's base URL, or nil offline.
  var server: URL?
  /// Whether the server was the embedded demo server.
  var embeddedServer: Bool
  /// The cache directory.
  var store: String
  /// Where the feed came from.
  var feedSource: OriginRecorder.Origin
  /// Why the server's feed was not used, when it was not.
  var serverProblem: String?
  /// Why the server's feed could not be saved to the cache, when it could not.
  var saveProblem: String? = nil
  var entries: [Entry]
  /// Why the image cache cannot be used, when it cannot: its images then load from the server every time.
  var imageCacheProblem: String? = nil
  /// Where the image cache is (its database, or its index), to name it with its problem.
  var imageCachePath: String? = nil
  /// Whether that problem is another process holding the image cache: in use, not damaged.
  var imageCacheBusy = false
  /// Whether the problem is damage the image cache healed during the run: its sentence says what it kept.
  var imageCacheHealed = false

  var imagesFromCache: Int { entries.filter { $0.imageSource == .cache }.count }
  var imagesFromServer: Int { entries.filter { $0.imageSource == .server }.count }
  var imagesFailed: Int { entries.filter { $0.imageError != nil }.count }
}
