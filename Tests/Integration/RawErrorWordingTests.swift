import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation
import Testing

@testable import FeedCLI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// No error reaches the user as a raw Swift value ("CancellationError()", "Error Domain=NSURLErrorDomain …"): the
/// one-line error, a remote problem and a report's problem all say a sentence, whatever the error's type.
@Suite("No error prints as a raw Swift value")
struct RawErrorWordingTests {
  private struct Unknown: Error {}

  @Test(
    "APP-48 an error of any type is said in words: a cancel, a timeout, a transport failure, an unknown error",
    arguments: [
      (CancellationError() as any Error, "the work was cancelled before it ended"),
      (URLError(.timedOut), "the request timed out"),
      (URLError(.cannotConnectToHost), "the server could not be reached"),
      (Unknown(), "unknown error (Unknown)"),
    ])
  func everyErrorIsASentence(error: any Error, expected: String) {
    #expect(FeedAppError.sentence(for: error, in: .english) == expected)
    #expect(FeedAppError.problem(with: error, in: .english) == expected)
  }

  @Test(
    "APP-48 every error of the libraries the app can meet is said in words, never as a case name",
    arguments: [
      FeedWindow.Error.earlierImagesMissing as any Error, FeedPager.Error.listDidNotEnd(pages: 2, images: 3),
      LocalFeedPageLoader.Error.full(maximumImages: 5), RemoteFeedLoader.Error.connectivity,
      RemoteFeedLoader.Error.invalidData, RemoteFeedImageDataLoader.Error.connectivity,
      RemoteFeedImageDataLoader.Error.invalidData, RemoteImageCommentsLoader.Error.connectivity,
      RemoteImageCommentsLoader.Error.invalidData, LocalFeedImageDataLoader.Error.failed,
      LocalFeedImageDataLoader.Error.notFound,
    ])
  func libraryErrorsAreSentences(error: any Error) {
    let said = FeedAppError.sentence(for: error, in: .english)
    let caseName = #"^[a-z]+([A-Z][a-z]*)*(\(.*\))?$"#
    #expect(said.range(of: caseName, options: .regularExpression) == nil, "\(said)")
    #expect(said.contains(" "), "\(said)")
  }

  @Test("APP-48 the app's one-line error for a cancel or a timeout is a sentence, never the Swift value")
  func oneLineErrorIsASentence() {
    #expect(FeedCommand.oneLineError(for: CancellationError()) == "error: the work was cancelled before it ended")
    #expect(!FeedCommand.oneLineError(for: URLError(.timedOut)).contains("NSURLErrorDomain"))
    #expect(!FeedCommand.oneLineError(for: Unknown()).contains("()"))
  }
}
