import EssentialFeed
import EssentialFeedCache
import FeedDemoServer
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite
@testable import FeedCLI

@Suite("The app's likes")
struct LikesAppTests {
  let image = DemoFeed.item(at: 3).id
  let down = "http://127.0.0.1:1"

  @Test(
    "LKA-1 liking while the server is down succeeds locally and says it is pending; likes lists it marked; sync sends it",
    arguments: FeedStorage.Kind.persistent)
  func likeWhileDown(kind: FeedStorage.Kind) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let liked = try await FeedApp.act(
        .like, on: image,
        AppOptions(
          url: down, offline: false, store: store, storeKind: kind, json: false, limits: .patient, language: .english))
      #expect(liked.contains("pending"), "\(liked)")

      let listed = try json(
        try await FeedApp.likes(
          AppOptions(url: down, offline: false, store: store, storeKind: kind, json: true, limits: .patient)))
      let entries = try #require(listed["entries"] as? [[String: Any]])
      #expect(entries.map { $0["id"] as? String } == [image.uuidString])
      #expect(entries.map { $0["pending"] as? Bool } == [true])
      #expect(listed["origin"] as? String == "cache")

      let server = try await DemoFeedServer.start()
      let url = server.baseURL.absoluteString
      let synced = try json(
        try await FeedApp.sync(
          AppOptions(url: url, offline: false, store: store, storeKind: kind, json: true, limits: .patient)))
      #expect(synced["sent"] as? Int == 1)
      #expect(synced["failed"] as? Int == 0)
      #expect(synced["pending"] as? Int == 0)
      let after = try json(
        try await FeedApp.likes(
          AppOptions(url: url, offline: false, store: store, storeKind: kind, json: true, limits: .patient)))
      #expect((after["entries"] as? [[String: Any]])?.map { $0["pending"] as? Bool } == [false])
      #expect(after["origin"] as? String == "server")
      await server.stop()

      let offline = try json(
        try await FeedApp.likes(
          AppOptions(url: down, offline: false, store: store, storeKind: kind, json: true, limits: .patient)))
      #expect(offline["origin"] as? String == "cache")
      #expect((offline["entries"] as? [[String: Any]])?.map { $0["id"] as? String } == [image.uuidString])
    }
  }

  @Test(
    "LKA-3 the liked list is cached: when the server cannot be reached, the list cached last shows, pending on top",
    arguments: FeedStorage.Kind.persistent)
  func likedListIsCached(kind: FeedStorage.Kind) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let server = try await DemoFeedServer.start()
      let url = server.baseURL.absoluteString
      _ = try await FeedApp.act(
        .like, on: image,
        AppOptions(url: url, offline: false, store: store, storeKind: kind, json: true, limits: .patient))
      let online = try json(
        try await FeedApp.likes(
          AppOptions(url: url, offline: false, store: store, storeKind: kind, json: true, limits: .patient)))
      #expect(online["origin"] as? String == "server")
      await server.stop()
      let other = DemoFeed.item(at: 5).id
      _ = try await FeedApp.act(
        .like, on: other,
        AppOptions(url: down, offline: false, store: store, storeKind: kind, json: true, limits: .patient))

      let offline = try json(
        try await FeedApp.likes(
          AppOptions(url: down, offline: false, store: store, storeKind: kind, json: true, limits: .patient)))
      #expect(offline["origin"] as? String == "cache")
      let entries = try #require(offline["entries"] as? [[String: Any]])
      #expect(entries.map { $0["id"] as? String } == [other.uuidString, image.uuidString])
      #expect(entries.map { $0["pending"] as? Bool } == [true, false])
      let location = try #require(DemoFeed.item(at: 3).location)
      #expect(entries.last?["location"] as? String == location, "the cached list keeps the image's details")
    }
  }

  @Test("LKA-2 an action the server refuses for good is one clear error and dropped; a bad id is one line, exit 1")
  func refusedAndBadInput() async throws {
    let server = try await DemoFeedServer.start()
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let unknown = UUID()
      let store = directory.path(percentEncoded: false)
      await #expect(throws: FeedAppError.likeRefused(unknown, kind: .discard, statusCode: 404)) {
        try await FeedApp.act(
          .discard, on: unknown,
          AppOptions(
            url: server.baseURL.absoluteString, offline: false, store: store, storeKind: .fileSystem, json: false,
            limits: .patient))
      }
      let listed = try json(
        try await FeedApp.likes(
          AppOptions(url: down, offline: false, store: store, storeKind: .fileSystem, json: true, limits: .patient))
      )
      #expect(listed["pending"] as? Int == 0, "the refused action was dropped")
    }
    await server.stop()
    for arguments in [["like", "nonsense"], ["discard"], ["like", UUID().uuidString, "--url", "ftp://x"]] {
      await expectOneLineError(arguments)
    }
  }

  @Test(
    "LKA-4 sync with a pending-likes store it cannot read is an error that names the store, never '0 pending'",
    arguments: FeedStorage.Kind.persistent)
  func unreadablePendingStore(kind: FeedStorage.Kind) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      _ = try await FeedApp.act(
        .like, on: DemoFeed.item(at: 1).id,
        AppOptions(url: down, offline: false, store: store, storeKind: kind, json: false, limits: .patient))
      switch kind {
      case .sqlite:
        try SQLiteConnection(path: directory.appending(path: "feed.sqlite").path(percentEncoded: false))
          .execute("DROP TABLE pending_like; CREATE TABLE pending_like (x)")
      default:
        try Data("not a journal".utf8).write(to: directory.appending(path: "pending-likes"))
      }

      let error = await #expect(throws: (any Error).self) {
        _ = try await FeedApp.sync(
          AppOptions(url: down, offline: false, store: store, storeKind: kind, json: true, limits: .patient))
      }
      let message = error.map { "\($0)" } ?? ""
      #expect(message.contains(store), "the error names the store: \(message)")
    }
  }

  @Test("LKA-5 a likes-sync.lock that cannot be opened is an error naming it, never a pass without the lock")
  func unopenableLock() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let lock = directory.appending(path: "likes-sync.lock")
      try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: true)

      let error = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.sync(
          AppOptions(
            url: down, offline: false, store: directory.path(percentEncoded: false), storeKind: .fileSystem, json: true,
            limits: .patient)
        )
      }
      #expect("\(error.map { "\($0)" } ?? "")".contains("likes-sync.lock"))
    }
  }

  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }
}
