import EssentialFeed
import EssentialFeedCache
import FeedDemoServer
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite
@testable import FeedCLI

@Suite("The app's pending likes: recovery")
struct PendingLikesRecoveryAppTests {
  @Test(
    "LKA-6 validate-cache recovers damaged pending likes, keeping every action it can read; the likes commands say how",
    arguments: FeedStorage.Kind.persistent)
  func recovery(kind: FeedStorage.Kind) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      for item in 1...3 {
        _ = try await FeedApp.act(
          .like, on: DemoFeed.item(at: item).id,
          AppOptions(url: nil, offline: true, store: store, storeKind: kind, json: false, limits: .patient))
      }
      switch kind {
      case .sqlite:
        try SQLiteConnection(path: directory.appending(path: "feed.sqlite").path(percentEncoded: false))
          .execute("UPDATE pending_like SET kind = 7 WHERE position = 2")
      default:
        let journal = directory.appending(path: "pending-likes")
        var bytes = try Data(contentsOf: journal)
        bytes[16 + 64 + 20] ^= 0xFF  // the second like's record, after the 16-byte header
        try bytes.write(to: journal)
      }

      let error = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.sync(
          AppOptions(url: nil, offline: true, store: store, storeKind: kind, json: false, limits: .patient))
      }
      let message = error?.description(in: .english) ?? ""
      let command = "run: feed validate-cache --store \(store)" + (kind == .sqlite ? " --store-kind sqlite" : "")
      #expect(message.hasSuffix(command), "the advice is the command that repairs this store: \(message)")

      let output = try await FeedApp.validateCache(
        AppOptions(store: store, storeKind: kind, json: false, limits: .patient, language: .english))
      #expect(output.contains("kept 2, dropped 1 damaged records"), "\(output)")
      #expect(output.contains("The damaged journal is kept at") == (kind == .fileSystem), "\(output)")
      let again = try await FeedApp.validateCache(
        AppOptions(store: store, storeKind: kind, json: false, limits: .patient, language: .english))
      #expect(again.contains("Kept 2 pending likes and discards in \(store)."), "\(again)")
      let listed = try await FeedApp.likes(
        AppOptions(url: nil, offline: true, store: store, storeKind: kind, json: true, limits: .patient))
      let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any])
      #expect(object["pending"] as? Int == 2, "\(listed)")
    }
  }
}

@Suite("The app's likes against the embedded server")
struct EmbeddedServerLikesAppTests {
  @Test(
    "LKA-7 a like made against the embedded demo server says it is forgotten when the command ends, and how to keep it"
  )
  func embeddedServerLikeSaysWhereItWent() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let output = try await FeedApp.act(
        .like, on: DemoFeed.item(at: 1).id,
        AppOptions(
          url: nil, offline: false, store: store, storeKind: .fileSystem, json: false, limits: .patient,
          language: .english))
      #expect(output.contains("forgets them when this command ends"), "\(output)")
      #expect(output.contains("run `feed serve` and pass its URL with --url"), "\(output)")

      let offline = try await FeedApp.act(
        .like, on: DemoFeed.item(at: 2).id,
        AppOptions(
          url: nil, offline: true, store: store, storeKind: .fileSystem, json: false, limits: .patient,
          language: .english))
      #expect(!offline.contains("embedded demo server"), "no server, no note: \(offline)")
      let json = try await FeedApp.act(
        .like, on: DemoFeed.item(at: 3).id,
        AppOptions(
          url: nil, offline: false, store: store, storeKind: .fileSystem, json: true, limits: .patient,
          language: .english))
      #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any], "JSON stays JSON")
    }
  }
}
