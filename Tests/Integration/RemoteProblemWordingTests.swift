import EssentialFeedAPI
import Foundation
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
