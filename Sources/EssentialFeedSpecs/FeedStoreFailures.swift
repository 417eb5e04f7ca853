import EssentialFeedCache

/// How to make a store fail, for ``FailableFeedStoreSpec``: one factory per operation, each returning a store whose
/// operation of that kind fails (for a file store: a corrupt file; a location it cannot write or delete in).
public struct FeedStoreFailures: Sendable {
  /// Makes a store whose `retrieve()` fails.
  public var retrieval: @Sendable () async throws -> any FeedStore
  /// Makes a store whose `insert(_:timestamp:)` fails.
  public var insertion: @Sendable () async throws -> any FeedStore
  /// Makes a store whose `deleteCachedFeed()` fails.
  public var deletion: @Sendable () async throws -> any FeedStore

  /// Creates the set of failing-store factories.
  ///
  /// - Parameters:
  ///   - retrieval: Makes a store whose retrieval fails.
  ///   - insertion: Makes a store whose insertion fails.
  ///   - deletion: Makes a store whose deletion fails.
  public init(
    retrieval: @escaping @Sendable () async throws -> any FeedStore,
    insertion: @escaping @Sendable () async throws -> any FeedStore,
    deletion: @escaping @Sendable () async throws -> any FeedStore
  ) {
    self.retrieval = retrieval
    self.insertion = insertion
    self.deletion = deletion
  }
}
