import Foundation
import Testing

@testable import EssentialFeedCache

/// The stores split and join their paths on bytes: Foundation's path methods walk a string character by character,
/// and once cost half of an image insert.
@Suite("Store paths")
struct StorePathSpecs {
  static let directories = [
    "/", "/a", "/a/b", "/a/b/", "/tmp/feed-cache/images", "/tmp/dir with spaces", "/tmp/Tromsø/東京", "a/b",
  ]
  /// Paths as a split may see them: the directories, files in them, and doubled or trailing slashes.
  static let paths =
    directories + [
      "/a//b", "/a/b//", "/tmp/feed-cache/images/0f3a9c", "/tmp/dir with spaces/feed.cache", "/tmp/Tromsø/東京/feed.json",
      "/var/folders/x/.feed.cache.123.4.eftmp",
    ]

  @Test(
    "FFS-10 a path's parent and last component are Foundation's, for every path shape a store builds", arguments: paths)
  func splitMatchesFoundation(path: String) {
    #expect(StorePath.parent(of: path) == (path as NSString).deletingLastPathComponent)
    #expect(StorePath.lastComponent(of: path) == (path as NSString).lastPathComponent)
  }

  // Directories with doubled slashes are left out: the stores never build them, and Foundation on Apple platforms
  // tidies them when joining where swift-corelibs-foundation keeps them.
  @Test(
    "FFS-10 joining a name to a directory is Foundation's, with or without a trailing slash", arguments: directories)
  func joinMatchesFoundation(directory: String) {
    for name in ["feed.cache", "images", "0f3a9c", "pending-likes"] {
      #expect(StorePath.appending(name, to: directory) == (directory as NSString).appendingPathComponent(name))
    }
  }

  // swift-corelibs-foundation traps on the parent of a path without a slash (`String._startOfLastPathComponent`):
  // these are compared with what Foundation gives on Apple platforms instead.
  @Test("FFS-10 a path without a slash has an empty parent and is its own last component; joined to, it is a directory")
  func pathsWithoutSlash() {
    #expect(StorePath.parent(of: "") == "")
    #expect(StorePath.lastComponent(of: "") == "")
    #expect(StorePath.appending("feed.cache", to: "") == "feed.cache")
    #expect(StorePath.parent(of: "feed.cache") == "")
    #expect(StorePath.lastComponent(of: "feed.cache") == "feed.cache")
    #expect(StorePath.appending("feed.cache", to: "cache") == "cache/feed.cache")
  }
}
