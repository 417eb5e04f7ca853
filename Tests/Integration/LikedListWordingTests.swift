import Foundation
import TestSupport
import Testing

@testable import FeedCLI

/// `feed likes` says why the server's liked list was not shown, as the feed and search do: an answer past the limit,
/// an empty or invalid one, a status, or no answer at all, each in its own words (it said "The server could not be
/// reached" for every one).
@Suite("What feed likes says of a failed list")
struct LikedListWordingTests {
  /// An answer to the liked list's request that fails, and the reason said for it.
  enum FailedAnswer: String, CaseIterable, CustomStringConvertible {
    case tooLarge, empty, notJSON, notFound, unavailable, noAnswer

    var description: String { rawValue }

    var response: Data? {
      switch self {
      case .tooLarge: Self.answer(200, #"{"items": []\#(String(repeating: " ", count: 10_000))}"#)
      case .empty: Self.answer(200, "")
      case .notJSON: Self.answer(200, "<html>hello</html>")
      case .notFound: Self.answer(404, "")
      case .unavailable: Self.answer(503, "")
      case .noAnswer: nil
      }
    }

    var reason: String {
      switch self {
      case .tooLarge: "the server's answer was larger than the 2,000-byte limit"
      case .empty: "the server sent an empty answer"
      case .notJSON: "the server's response was not valid"
      case .notFound: "the server answered with status 404"
      case .unavailable: "the server answered with status 503"
      case .noAnswer: "the server could not be reached"
      }
    }

    static func answer(_ status: Int, _ body: String) -> Data {
      Data("HTTP/1.1 \(status) X\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
    }
  }

  @Test(
    "APP-31 a like left pending says why the server did not take it: too large, empty, invalid, 503, no answer",
    arguments: FailedAnswer.allCases.filter { $0 != .notFound })  // a 404 is a refusal: the like is dropped, said so
  func pendingLike(_ answer: FailedAnswer) async throws {
    let server = try RawHTTPServer { _, send in
      if let response = answer.response { _ = send(response) }
    }
    defer { server.stop() }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      var options = AppOptions(
        url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), json: false,
        limits: NetworkLimits.patient.answering(atMost: 2_000), language: .english)
      let id = UUID()

      let liked = try await FeedApp.act(.like, on: id, options)
      let discarded = try await FeedApp.act(.discard, on: id, options)
      options.json = true
      let json = try await FeedApp.act(.like, on: id, options)

      #expect(liked == "Liked \(id): pending, it will be sent on the next sync (\(answer.reason)).", "\(liked)")
      #expect(
        discarded == "Took back the like of \(id): pending, it will be sent on the next sync (\(answer.reason)).",
        "\(discarded)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      #expect(object["problem"] as? String == answer.reason, "\(json)")
    }
  }

  @Test(
    "APP-31 the liked list says why the server's list was not shown, in text and in JSON's serverProblem",
    arguments: FailedAnswer.allCases)
  func failedList(_ answer: FailedAnswer) async throws {
    let server = try RawHTTPServer { path, send in
      if path.hasPrefix("/v1/likes") {
        if let response = answer.response { _ = send(response) }
      } else {
        _ = send(FailedAnswer.answer(200, #"{"items": []}"#))
      }
    }
    defer { server.stop() }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      var options = AppOptions(
        url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), json: false,
        limits: NetworkLimits.patient.answering(atMost: 2_000), language: .english)

      let text = try await FeedApp.likes(options)
      options.json = true
      let json = try await FeedApp.likes(options)

      #expect(
        text.contains("The server's liked list could not be loaded (\(answer.reason)): showing the liked images"),
        "\(text)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      #expect(object["serverProblem"] as? String == answer.reason, "\(json)")
    }
  }
}
