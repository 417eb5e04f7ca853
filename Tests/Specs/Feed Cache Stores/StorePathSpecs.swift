import Foundation
import Testing

@testable import EssentialFeedCache

/// The stores split and join their paths on bytes: Foundation's path methods walk a string character by character,
/// and once cost half of an image insert.
@Suite("Store paths")
struct StorePathSpecs {
  static let paths = [
    "/", "/a", "/a/b", "/a/b/", "/a//b", "/tmp/feed-cache/images/0f3a9c", "/tmp/dir with spaces/feed.cache",
    "/tmp/Tromsø/東京/feed.json", "/var/folders/x/.feed.cache.123.4.eftmp", "/a/b//",
  ]

  @Test(
    "FFS-10 a path's parent and last component are Foundation's, for every path shape a store builds", arguments: paths)
  func splitMatchesFoundation(path: String) {
    #expect(StorePath.parent(of: path) == (path as NSString).deletingLastPathComponent)
    #expect(StorePath.lastComponent(of: path) == (path as NSString).lastPathComponent)
  }

  @Test("FFS-10 joining a name to a directory is Foundation's, with or without a trailing slash", arguments: paths)
  func joinMatchesFoundation(directory: String) {
    for name in ["feed.cache", "images", "0f3a9c", "pending-likes"] {
      #expect(StorePath.appending(name, to: directory) == (directory as NSString).appendingPathComponent(name))
    }
  }
}
