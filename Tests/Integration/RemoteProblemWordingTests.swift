import EssentialFeedAPI
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

@Suite("How the app words a remote failure")
struct RemoteProblemWordingTests {
  @Test(
    "APP-24 every remote loader's failure is worded by its kind: a comments connectivity failure is not 'connectivity'",
    arguments: [
      (RemoteImageCommentsLoader.Error.connectivity as any Error, "the server could not be reached"),
      (RemoteFeedLoader.Error.connectivity, "the server could not be reached"),
      (RemoteFeedImageDataLoader.Error.invalidData, "the server's response was not valid"),
      (ImageCommentsMapper.Error.invalidData, "the server's response was not valid"),
      (RemoteLikeActionSender.Error.unavailable(statusCode: 503), "the server answered with status 503"),
    ])
  func wording(error: any Error, expected: String) {
    #expect(FeedAppError.problem(with: error, in: .english) == expected)
  }
}

@Suite("What the app says offline")
struct OfflineWordingTests {
  @Test("APP-25 --offline never says the server was tried: a search with no cached answer, the liked list")
  func offlineNeverClaimsTheServerWasTried() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let search = await #expect(throws: FeedAppError.self) {
        _ = try await FeedApp.search(
          "kyoto", pages: 1,
          AppOptions(url: nil, offline: true, store: store, json: false, limits: .patient, language: .english),
          progress: nil)
      }
      let said = search?.description(in: .english) ?? ""
      #expect(said.contains("offline: the server was not asked") && !said.contains("could not be reached"), "\(said)")

      let likes = try await FeedApp.likes(
        AppOptions(
          url: nil, offline: true, store: store, storeKind: .fileSystem, json: false, limits: .patient,
          language: .english))
      #expect(likes.contains("Offline: showing the liked images cached last"), "\(likes)")
      #expect(!likes.contains("could not be reached"), "\(likes)")
    }
  }
}
