import EssentialFeedAPI
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why an image did not load, for its line in the report: what the server answered, or why no answer came.
enum ImageFailure: Equatable, Sendable {
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

  /// The reason in `language`.
  func text(in language: AppLanguage) -> String {
    switch self {
    case .timedOut: language.text("IMAGE_WHY_TIMED_OUT")
    case .status(let status): language.text("PROBLEM_STATUS", String(status))
    case .tooLarge(let limit): language.text("IMAGE_WHY_TOO_LARGE", language.number(limit))
    case .empty: language.text("IMAGE_WHY_EMPTY")
    case .unreachable: language.text("PROBLEM_CONNECTIVITY")
    case .offlineNotCached: language.text("IMAGE_WHY_OFFLINE")
    }
  }
}

/// Records why each image request failed, before the image loader maps every failure to two cases: the status the
/// server answered, an empty body, a timeout, a body past the limit.
struct ImageAnswerRecorder: HTTPClient {
  let decoratee: any HTTPClient
  let recorder: OriginRecorder

  func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    do {
      let (data, response) = try await decoratee.get(from: url)
      if response.statusCode != 200 {
        recorder.recordImageFailure(url, .status(response.statusCode))
      } else if data.isEmpty {
        recorder.recordImageFailure(url, .empty)
      }
      return (data, response)
    } catch {
      if !(error is CancellationError) { recorder.recordImageFailure(url, ImageFailure(transportError: error)) }
      throw error
    }
  }
}
