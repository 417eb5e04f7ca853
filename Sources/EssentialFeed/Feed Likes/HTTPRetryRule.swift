/// The one rule for whether an HTTP answer is worth asking for again: 408 (the server timed out waiting), 429 (too
/// many requests) and every 5xx (the server failed this time). Any other status is the server's answer, and asking
/// again would get it again. Feed pages (`RetryingHTTPClient` in EssentialFeedAPI) and likes (every other 4xx answer
/// is a ``LikeActionRejected``) decide by it.
public enum HTTPRetryRule {
  /// Whether an answer with `statusCode` may go away when asked again.
  public static func isWorthARetry(statusCode: Int) -> Bool {
    statusCode == 408 || statusCode == 429 || (500..<600).contains(statusCode)
  }
}
