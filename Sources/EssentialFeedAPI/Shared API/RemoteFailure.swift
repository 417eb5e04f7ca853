/// What went wrong with a remote call, whichever loader made it: every remote error of this module says it, so an app
/// words each kind once (in its own language) instead of switching over each loader's error type.
public enum RemoteFailure: Hashable, Sendable {
  /// No HTTP response arrived: the server could not be reached, or the transport failed.
  case connectivity
  /// A response arrived that is not what was asked for: a status the call does not accept, or a bad body.
  case invalidData
  /// The server answered with a status worth a retry (5xx, 408, 429, another one).
  case unavailable(statusCode: Int)
}

/// An error of a remote loader or sender, which says what kind of failure it is.
public protocol RemoteError: Error {
  /// The kind of failure.
  var failure: RemoteFailure { get }
}

extension RemoteFeedLoader.Error: RemoteError {
  /// ``RemoteFailure/connectivity`` or ``RemoteFailure/invalidData``.
  public var failure: RemoteFailure { self == .connectivity ? .connectivity : .invalidData }
}

extension RemoteFeedImageDataLoader.Error: RemoteError {
  /// ``RemoteFailure/connectivity`` or ``RemoteFailure/invalidData``.
  public var failure: RemoteFailure { self == .connectivity ? .connectivity : .invalidData }
}

extension RemoteImageCommentsLoader.Error: RemoteError {
  /// ``RemoteFailure/connectivity`` or ``RemoteFailure/invalidData``.
  public var failure: RemoteFailure { self == .connectivity ? .connectivity : .invalidData }
}

extension ImageCommentsMapper.Error: RemoteError {
  /// ``RemoteFailure/invalidData``.
  public var failure: RemoteFailure { .invalidData }
}

extension RemoteLikeActionSender.Error: RemoteError {
  /// The same kind, with the status of an answer worth a retry.
  public var failure: RemoteFailure {
    switch self {
    case .connectivity: .connectivity
    case .invalidData: .invalidData
    case .unavailable(let statusCode): .unavailable(statusCode: statusCode)
    }
  }
}
