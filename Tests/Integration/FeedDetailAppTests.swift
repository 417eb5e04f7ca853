import FeedDemoServer
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

@Suite("feed show <image id>")
struct FeedDetailAppTests {
  @Test("DT-5 feed show <id> prints the image's text, image and comments; JSON has a comments array")
  func detailOnline() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let item = DemoFeed.item(at: 7)
      let expected = DemoFeed.comments(forImageAt: 7)

      let text = try await FeedApp.detail(
        item.id, AppOptions(url: nil, offline: false, store: store, json: false, limits: .patient, language: .english))
      let json = try await FeedApp.detail(
        item.id, AppOptions(url: nil, offline: false, store: store, json: true, limits: .patient, language: .english))
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      let comments = try #require(object["comments"] as? [[String: Any]])

      #expect(text.contains(try #require(item.description)))
      #expect(text.contains("Comments (3)"), "\(text)")
      #expect(comments.map { $0["message"] as? String } == expected.map(\.message))
      #expect(comments.map { $0["author"] as? String } == expected.map(\.username))
      #expect(
        comments.allSatisfy { $0["createdAt"] is String && ($0["relativeDate"] as? String)?.hasSuffix("ago") == true })
      #expect(object["id"] as? String == item.id.uuidString)
    }
  }

  @Test("DT-6 offline, the detail comes from the cache and says the comments are not available offline")
  func detailOffline() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let item = DemoFeed.item(at: 5)
      _ = try await FeedApp.show(
        AppOptions(url: nil, offline: false, store: store, json: true, limits: .patient), progress: nil)

      let json = try await FeedApp.detail(
        item.id, AppOptions(url: nil, offline: true, store: store, json: true, limits: .patient, language: .english))
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])

      #expect(object["comments"] is NSNull)
      #expect((object["commentsProblem"] as? String)?.contains("offline") == true)
      #expect(object["imageSource"] as? String == "cache")
    }
  }

  @Test("DT-8 feed show <id> loads that image alone, not every image of the feed")
  func detailLoadsOneImage() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let item = DemoFeed.item(at: 7)
      _ = try await FeedApp.detail(
        item.id, AppOptions(url: nil, offline: false, store: store, json: true, limits: .patient))

      let json = try await FeedApp.show(
        AppOptions(url: nil, offline: true, store: store, json: true, limits: .patient), progress: nil)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      let entries = try #require(object["entries"] as? [[String: Any]])
      let cached = entries.filter { $0["imageSource"] as? String == "cache" }.compactMap { $0["id"] as? String }

      #expect(entries.count > 1, "the whole feed is cached")
      #expect(cached == [item.id.uuidString], "images in the cache after feed show <id>: \(cached.count)")
    }
  }

  @Test("DT-7 an unknown id, or text that is not an id, is one sentence on stderr and exit code 1")
  func wrongID() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let unknown = UUID()
      await #expect(throws: FeedAppError.unknownImage(unknown)) {
        _ = try await FeedApp.detail(
          unknown, AppOptions(url: nil, offline: false, store: store, json: false, limits: .patient))
      }
      var errors: [String] = []
      let code = await FeedCommand.run(["show", "not-an-id"], output: { _ in }, errorOutput: { errors.append($0) })
      #expect(code == 1)
      #expect(errors.count == 1 && errors.first?.hasPrefix("error: ") == true, "\(errors)")
    }
  }
}
