extension LikeSynchronizer {
  /// The app became active: send now.
  @discardableResult
  public func appBecameActive() -> Task<Report, Never> { trigger() }

  /// The network came back: send now.
  @discardableResult
  public func connectivityBecameAvailable() -> Task<Report, Never> { trigger() }

  /// The user asked for a refresh: send now.
  @discardableResult
  public func refresh() -> Task<Report, Never> { trigger() }

  private func trigger() -> Task<Report, Never> {
    Task { await self.sendPending() }
  }
}
