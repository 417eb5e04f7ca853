import EssentialFeed
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``HTTPClient`` that asks again, up to `attempts` times in all, while the server answers with a status
/// ``/EssentialFeed/HTTPRetryRule`` says is worth a retry, and delivers the first other answer, or the last one.
///
/// The status is where the decision is made, so a loader's error need not carry it: a remote feed loader on this
/// client fails with `invalidData` only after the last attempt. No answer at all (a transport error) is delivered at
/// once, as is `CancellationError`: a server that cannot be reached is not asked again within the same load.
public struct RetryingHTTPClient: HTTPClient {
  private let decoratee: any HTTPClient
  private let attempts: Int

  /// Creates a client that asks `decoratee` up to `attempts` times for each GET (at least once).
  ///
  /// - Parameters:
  ///   - decoratee: The client that performs each request.
  ///   - attempts: How many times a request is made, in all, while its answers are worth a retry.
  public init(decorating decoratee: any HTTPClient, attempts: Int) {
    self.decoratee = decoratee
    self.attempts = max(1, attempts)
  }

  /// Performs the GET, again while the answer is worth a retry and attempts are left.
  ///
  /// - Returns: The first answer not worth a retry, or the last answer.
  /// - Throws: The decoratee's error, at once; `CancellationError` when the calling task is cancelled.
  public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
    var attempt = 1
    while true {
      let answer = try await decoratee.get(from: url)
      guard attempt < attempts, HTTPRetryRule.isWorthARetry(statusCode: answer.1.statusCode) else { return answer }
      try Task.checkCancellation()
      attempt += 1
    }
  }
}
