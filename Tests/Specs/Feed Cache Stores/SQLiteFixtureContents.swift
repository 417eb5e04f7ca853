import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport
import Testing

/// What the fixture databases in `Fixtures/` hold: written once by the store as released (see `Fixtures/README.md`),
/// read back by the upgrade specs. Fixed values, so that a fixture and this description never drift apart.
enum SQLiteFixtureContents {
  static let timestamp = Date(timeIntervalSinceReferenceDate: 786_000_000.125)

  static let feed: [LocalFeedImage] = [
    image(1, description: "a description", location: "a location"),
    image(2, description: nil, location: "only a location"),
    image(3, description: "only a description", location: nil),
  ]

  static let imageData: [(url: URL, data: Data)] = [
    (url(1), Data("first image".utf8)),
    (url(2), Data(repeating: 0xA5, count: 3_000)),
  ]
  /// An image of 64 KiB, in the database: from version 4's fixture on (`make.sh`'s `large`).
  static let largeImage = (url: url(3), data: Data(repeating: 0x5A, count: 64 << 10))

  static let searchKeyword = "Kyoto"
  static let searchResults: [LocalFeedImage] = [image(11, description: "temple", location: "Kyoto"), image(12)]

  static let pages: [LocalFeedImage] = [image(21), image(22, description: "second page item"), image(23)]

  static let pendingLikes: [PendingLikeAction] = [
    PendingLikeAction(id: uuid(31), imageID: uuid(1), kind: .like, timestamp: timestamp),
    PendingLikeAction(id: uuid(32), imageID: uuid(2), kind: .discard, timestamp: timestamp.addingTimeInterval(1)),
  ]

  static func uuid(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number)) ?? UUID()
  }

  static func url(_ number: Int) -> URL {
    URL(string: "https://fixture.example/image/\(number).jpg?size=large") ?? URL(fileURLWithPath: "/")
  }

  static func image(_ number: Int, description: String? = nil, location: String? = nil) -> LocalFeedImage {
    LocalFeedImage(id: uuid(number), description: description, location: location, url: url(number))
  }

  /// Runs `body` on a copy of the fixture `name` (`version1`, `version2-current`) in a temporary directory.
  static func withFixture(_ name: String, _ body: (URL) async throws -> Void) async throws {
    let fixture = try #require(
      Bundle.module.url(forResource: name, withExtension: "sqlite", subdirectory: "Fixtures"), "no fixture \(name)")
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      try FileManager.default.copyItem(at: fixture, to: url)
      try await body(url)
    }
  }
}
