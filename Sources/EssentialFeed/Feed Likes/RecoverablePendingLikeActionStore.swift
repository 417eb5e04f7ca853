/// A pending like store that can recover from damage (a journal with a damaged record, a table it cannot read): it
/// keeps every action it can still read, sets aside what it cannot, and works again.
///
/// Recovery is for a store whose ``PendingLikeActionStore/pendingActions()`` fails; on a store that reads, it changes
/// nothing. A damaged record's effect is lost: an action it replaced or removed may be pending again, which sending
/// makes harmless for a removal (the server applies an action id once) but not always for a replacement, so the app
/// says how many records were dropped.
public protocol RecoverablePendingLikeActionStore: PendingLikeActionStore {
  /// Rebuilds the pending actions from what can still be read, and sets aside what cannot.
  ///
  /// - Returns: What recovery kept and dropped, and where the damaged data went.
  /// - Throws: An error when the store cannot be written (nothing changes then), or cannot be read at all.
  func recoverPendingActions() async throws -> PendingLikeRecovery
}

/// What ``RecoverablePendingLikeActionStore/recoverPendingActions()`` did.
public struct PendingLikeRecovery: Hashable, Sendable {
  /// The pending actions the store holds after recovery.
  public let kept: Int
  /// The records (or rows) that could not be read, and were dropped; 0 when the store was readable.
  public let dropped: Int
  /// Where the damaged data was set aside, when the store keeps a copy of it.
  public let setAside: String?

  /// Creates a recovery report.
  ///
  /// - Parameters:
  ///   - kept: The pending actions held after recovery.
  ///   - dropped: The records or rows that could not be read.
  ///   - setAside: Where the damaged data was kept, if anywhere.
  public init(kept: Int, dropped: Int, setAside: String? = nil) {
    self.kept = kept
    self.dropped = dropped
    self.setAside = setAside
  }

  /// Whether the store needed recovering.
  public var recovered: Bool { dropped > 0 || setAside != nil }
}
