import EssentialFeed
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends a pending like or discard over HTTP (``LikesEndpoint/send(_:)``) and maps the answer.
///
/// A 200 answer must be `{"id": "<the action's image id>", "liked": <bool>}`. A 4xx answer other than 408 and 429
/// is ``/EssentialFeed/LikeActionRejected``; any other failure is an ``Error`` worth a retry.
public struct RemoteLikeActionSender: LikeActionSender {
  /// Why an action was not answered, worth a retry.
  public enum Error: LikeSendingFailure, Sendable, Equatable {
    /// No answer: the network failed.
    case connectivity
    /// An answer that was not a success nor a refusal (5xx, 408, 429, another status).
    case unavailable(statusCode: Int)
    /// A 200 answer that is not the state of the action's image.
    case invalidData

    /// Whether no answer came (``connectivity``): a pass of ``/EssentialFeed/LikeSynchronizer`` ends there.
    public var serverUnreachable: Bool { self == .connectivity }
  }

  private struct Answer: Decodable {
    let id: UUID
    let liked: Bool
  }

  private let baseURL: URL
  private let client: any HTTPRequestClient

  /// Creates a sender.
  ///
  /// - Parameters:
  ///   - baseURL: The API's base URL.
  ///   - client: The HTTP client, which performs `PUT` and `DELETE` (``URLSessionHTTPClient`` does).
  public init(baseURL: URL, client: any HTTPRequestClient) {
    self.baseURL = baseURL
    self.client = client
  }

  /// Sends `action` with its id as the `Idempotency-Key`.
  ///
  /// - Parameter action: The action.
  /// - Returns: The server's state for the image.
  /// - Throws: ``/EssentialFeed/LikeActionRejected``; ``Error``; `CancellationError`.
  public func send(_ action: PendingLikeAction) async throws -> LikeState {
    try Task.checkCancellation()
    let data: Data
    let response: HTTPURLResponse
    do {
      (data, response) = try await client.perform(LikesEndpoint.send(action).request(baseURL: baseURL))
    } catch let error as CancellationError {
      throw error
    } catch {
      throw Error.connectivity
    }
    if LikeActionRejected.isPermanent(response.statusCode) {
      throw LikeActionRejected(statusCode: response.statusCode)
    }
    guard response.statusCode == 200 else { throw Error.unavailable(statusCode: response.statusCode) }
    guard !StrictJSON.isLenient(data), let answer = try? JSONDecoder().decode(Answer.self, from: data),
      answer.id == action.imageID
    else { throw Error.invalidData }
    return LikeState(imageID: answer.id, liked: answer.liked)
  }
}
