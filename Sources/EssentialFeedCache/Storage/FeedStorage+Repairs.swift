extension FeedStorage {
  /// How a storage's files heal: a check that repairs each damaged file now, and what was repaired so far (by the
  /// check, or by a store that healed itself when an operation met damage). The in-memory storage has no files: none.
  public struct Repairs: Sendable {
    let repair: @Sendable () async throws -> [StoreRepair]
    let made: @Sendable () async -> [StoreRepair]

    /// Repairs made by the closures given.
    ///
    /// - Parameters:
    ///   - repair: Checks every file of the storage and repairs each damaged one; returns what it repaired.
    ///   - made: The repairs made since the storage was made, in order.
    public init(
      repair: @escaping @Sendable () async throws -> [StoreRepair], made: @escaping @Sendable () async -> [StoreRepair]
    ) {
      (self.repair, self.made) = (repair, made)
    }

    /// A storage with nothing to repair.
    public static let none = Repairs(repair: { [] }, made: { [] })
  }

  /// Checks every file of the storage and repairs each damaged one (rebuilt from every record still readable, the
  /// damaged file set aside; deleted when nothing in it can be read): what `feed validate-cache` runs first.
  ///
  /// - Returns: What was repaired; empty when every file is whole.
  /// - Throws: The store's error when a file cannot be checked or its rebuilt file written: that file is unchanged.
  public func repair() async throws -> [StoreRepair] {
    try await repairs.repair()
  }

  /// The repairs made since the storage was made, in order: by ``repair()``, and by stores that healed themselves
  /// when an operation met damage (the image cache does), so an app can say that a cache healed.
  public func repairsMade() async -> [StoreRepair] {
    await repairs.made()
  }
}
