import EssentialFeedAPI
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a request to the server failed, for the report (an image's line, the feed's problem): what the server
/// answered, or why no answer came.
enum AnswerFailure: Equatable, Sendable {
  case timedOut
  case status(Int)
  case tooLarge(limit: Int)
  case empty
  case unreachable
  case offlineNotCached

  /// The failure a transport error stands for.
  init(transportError error: any Error) {
    switch error {
    case URLSessionHTTPClient.Error.bodyTooLarge(let limit): self = .tooLarge(limit: limit)
    case let error as URLError where error.code == .timedOut: self = .timedOut
    default: self = .unreachable
    }
  }

  /// What was asked for: an image's data, or anything else (a page of the feed, comments), whose empty answer is
  /// not "no image data".
  enum Subject {
    case image, page
  }

  /// The reason in `language`, for a request for `subject`.
  func text(in language: AppLanguage, for subject: Subject = .image) -> String {
    switch self {
    case .timedOut: language.text("IMAGE_WHY_TIMED_OUT")
    case .status(let status): language.text("PROBLEM_STATUS", String(status))
    case .tooLarge(let limit):
      language.text(subject == .image ? "IMAGE_WHY_TOO_LARGE" : "PROBLEM_TOO_LARGE", language.number(limit))
    case .empty: language.text(subject == .image ? "IMAGE_WHY_EMPTY" : "PROBLEM_EMPTY_ANSWER")
    case .unreachable: language.text("PROBLEM_CONNECTIVITY")
    case .offlineNotCached: language.text("IMAGE_WHY_OFFLINE")
    }
  }
}

/// Records why each request failed, before a remote loader maps every failure to two cases: the status the server
/// answered, an empty body, a timeout, a body past the limit; `nil` for an answer that is not a failure, so an older
/// failure is never taken for a newer one's.
struct AnswerRecorder: HTTPClient {
  let decoratee: any HTTPClient
  let record: @Sendable (URL, AnswerFailure?) -> Void

  func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    try await Self.recording(url, record) { try await decoratee.get(from: url) }
  }

  /// The answer of `ask`, its failure recorded for `url` on its way.
  static func recording(
    _ url: URL, _ record: (URL, AnswerFailure?) -> Void, _ ask: () async throws -> (Data, HTTPURLResponse)
  ) async throws -> (Data, HTTPURLResponse) {
    do {
      let (data, response) = try await ask()
      if response.statusCode != 200 {
        record(url, .status(response.statusCode))
      } else {
        record(url, data.isEmpty ? .empty : nil)
      }
      return (data, response)
    } catch {
      if !(error is CancellationError) { record(url, AnswerFailure(transportError: error)) }
      throw error
    }
  }
}

/// ``AnswerRecorder`` for the requests that change something (the likes' PUT and DELETE), which a GET-only decorator
/// cannot carry; a GET passes through, its answer recorded where its loader's decorator records it.
struct ChangeAnswerRecorder: HTTPRequestClient {
  let decoratee: any HTTPRequestClient
  let record: @Sendable (URL, AnswerFailure?) -> Void

  func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    guard let url = request.url, (request.httpMethod ?? "GET") != "GET" else {
      return try await decoratee.perform(request)
    }
    return try await AnswerRecorder.recording(url, record) { try await decoratee.perform(request) }
  }

  func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    try await decoratee.get(from: url)
  }
}
