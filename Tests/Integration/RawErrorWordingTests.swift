import EssentialFeed
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

  @Test("APP-48 the app's one-line error for a cancel or a timeout is a sentence, never the Swift value")
  func oneLineErrorIsASentence() {
    #expect(FeedCommand.oneLineError(for: CancellationError()) == "error: the work was cancelled before it ended")
    #expect(!FeedCommand.oneLineError(for: URLError(.timedOut)).contains("NSURLErrorDomain"))
    #expect(!FeedCommand.oneLineError(for: Unknown()).contains("()"))
  }
}
